import { Link } from "@remix-run/react";
import { firm } from "~/config/firm";
import { FOOTER_LINKS } from "~/config/navigation";

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__grid">
        <section aria-labelledby="footer-firm">
          <h2 id="footer-firm" className="site-footer__title">
            {firm.name}
          </h2>
          <p>{firm.tagline}. Corporate, tax, licensing and regulatory work, dispute resolution and litigation.</p>
          <p>
            <a href={`mailto:${firm.email}`}>{firm.email}</a>
            <br />
            <a href={`tel:${firm.phone.tel}`}>{firm.phone.display}</a>
          </p>
        </section>
        <section aria-labelledby="footer-offices">
          <h2 id="footer-offices" className="site-footer__title">
            Offices
          </h2>
          <ul className="site-footer__offices">
            {firm.offices.map((office) => (
              <li key={office.name}>
                <address>
                  <strong>{office.name}</strong>
                  <br />
                  {office.street}, {office.locality}, {office.region} {office.postalCode}
                  <br />
                  <a href={`tel:${office.phone.replace(/\s+/g, "")}`}>{office.phone}</a>
                </address>
              </li>
            ))}
          </ul>
        </section>
        <nav aria-labelledby="footer-practice">
          <h2 id="footer-practice" className="site-footer__title">
            Practice
          </h2>
          <ul>
            {FOOTER_LINKS.practice.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links" className="site-footer__title">
            The firm
          </h2>
          <ul>
            {[...FOOTER_LINKS.firm, ...FOOTER_LINKS.legal].map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="site-footer__legal">
        © {new Date().getFullYear()} {firm.name}. As per the rules of the Bar Council of India, this website is for
        information only and is not a solicitation or advertisement.
      </p>
    </footer>
  );
}
