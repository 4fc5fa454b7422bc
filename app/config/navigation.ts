export const MAIN_NAV = [
  { to: "/", label: "Home" },
  { to: "/blogs", label: "Blog" },
  { to: "/about", label: "About" },
  { to: "/consultation", label: "Consultation" },
  { to: "/practice-areas", label: "Practice Areas" },
  { to: "/testimonial", label: "Testimonials" },
] as const;

export const FOOTER_LINKS = {
  practice: [
    { to: "/practice-areas/corporate-commercial", label: "Corporate & Commercial" },
    { to: "/practice-areas/tax", label: "Tax & Regulatory" },
    { to: "/practice-areas/licensing", label: "Licensing & Approvals" },
    { to: "/practice-areas/disputes", label: "Disputes" },
  ],
  firm: [
    { to: "/about", label: "About" },
    { to: "/team", label: "Our Team" },
    { to: "/careers", label: "Careers" },
    { to: "/contact", label: "Contact" },
  ],
  legal: [
    { to: "/privacy", label: "Privacy Notice" },
    { to: "/terms", label: "Terms of Use" },
    { to: "/disclaimer", label: "Disclaimer" },
  ],
} as const;
