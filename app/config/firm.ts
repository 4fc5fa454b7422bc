/**
 * Everything about the firm that the site prints: one place to edit.
 * All values here are fictional placeholders until the firm supplies its own.
 */
export type Office = {
  name: string;
  street: string;
  locality: string;
  region: "Delhi" | "Haryana";
  postalCode: string;
  phone: string;
};

export const firm = {
  name: "Sharma & Rao Associates",
  shortName: "Sharma & Rao",
  tagline: "Advocates & Legal Consultants",
  /** The default author label of articles ("the firm's team", docs/product.md#entities). */
  teamLabel: "Sharma & Rao Legal Team",
  siteUrl: "https://www.sharmarao.example",
  /**
   * The picture link previews show (og:image) where a page has none of its own: a JPEG, because the
   * social networks' previews do not show SVG (an article's is its cover drawn as a PNG: share-image.server.ts).
   */
  shareImage: "/images/og-default.jpg",
  email: "contact@sharmarao.example",
  /** Display form and dialable form of the main phone number. */
  phone: { display: "+91 11 4000 0000", tel: "+911140000000" },
  /** The quick-contact messaging number (digits only, with country code) and its prefilled text. */
  messaging: {
    number: "911140000000",
    prefilledText: "Hello, I would like to know more about your legal services.",
  },
  professionalNetworkUrl: "https://www.linkedin.com/company/sharma-rao-associates-example",
  disagreeUrl: "https://www.google.com",
  offices: [
    {
      name: "Delhi (Head Office)",
      street: "14, Lawyers' Chambers, Tilak Marg",
      locality: "New Delhi",
      region: "Delhi",
      postalCode: "110001",
      phone: "+91 11 4000 0000",
    },
    {
      name: "Delhi (Saket)",
      street: "B-22, District Centre, Saket",
      locality: "New Delhi",
      region: "Delhi",
      postalCode: "110017",
      phone: "+91 11 4000 0001",
    },
    {
      name: "Gurugram",
      street: "Tower C, Sector 44 Business Park",
      locality: "Gurugram",
      region: "Haryana",
      postalCode: "122003",
      phone: "+91 124 400 0000",
    },
  ] satisfies Office[],
  bank: {
    accountName: "Sharma & Rao Associates",
    bankName: "Example Bank Ltd.",
    accountNumber: "000000000000",
    ifsc: "EXMP0000000",
    branch: "Tilak Marg, New Delhi",
  },
  paymentLink: "https://pay.sharmarao.example/dues",
  /** How invoices are numbered and paid (docs/product.md#invoices). */
  invoicing: {
    /** The series prefix: SRA/26-27/0007. With the year and serial at most 16 characters (CGST Rule 46). */
    prefix: "SRA",
    /** The UPI payee: its virtual payment address and the name UPI apps show. */
    upiVpa: "sharmarao@examplebank",
    payeeName: "Sharma & Rao Associates",
    /** Empty until the firm is registered under GST. */
    gstin: "",
    pan: "AAAFS0000A",
    /** GST on professional fees, in per cent (charged, or stated as payable under reverse charge). */
    gstRatePercent: 18,
  },
} as const;

export function messagingUrl(): string {
  return `https://wa.me/${firm.messaging.number}?text=${encodeURIComponent(firm.messaging.prefilledText)}`;
}
