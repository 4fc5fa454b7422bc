import { useNonce } from "~/components/nonce";
import { firm } from "~/config/firm";
import { PRACTICE_AREAS } from "~/config/practice-areas";

/** schema.org LegalService data for the home and contact pages. */
export function legalServiceData() {
  return {
    "@context": "https://schema.org",
    "@type": "LegalService",
    name: firm.name,
    description: `${firm.tagline} in Delhi and Haryana.`,
    url: firm.siteUrl,
    email: firm.email,
    telephone: firm.phone.tel,
    image: new URL(firm.shareImage, firm.siteUrl).toString(),
    address: firm.offices.map((office) => ({
      "@type": "PostalAddress",
      name: office.name,
      streetAddress: office.street,
      addressLocality: office.locality,
      addressRegion: office.region,
      postalCode: office.postalCode,
      addressCountry: "IN",
      telephone: office.phone.replace(/\s+/g, ""),
    })),
    areaServed: [
      { "@type": "State", name: "Delhi" },
      { "@type": "State", name: "Haryana" },
      { "@type": "Country", name: "India" },
    ],
    knowsAbout: PRACTICE_AREAS.filter((area) => area !== "Other"),
    sameAs: [firm.professionalNetworkUrl],
  };
}

export function LegalServiceJsonLd() {
  const nonce = useNonce();
  // "<" is escaped so no text in the data can close the script element.
  const json = JSON.stringify(legalServiceData()).replace(/</g, "\\u003c");
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
