import { Link } from "~/components/link";
import { firm } from "~/config/firm";
import { FOOTER_LINKS } from "~/config/navigation";
import { RenderedOnce } from "./islands-document";

/**
 * The footer: the same on every page but for the year, so an islands document renders it once per isolate
 * and year (RenderedOnce, decision 109).
 */
export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <RenderedOnce as="footer" cacheKey={`site-footer:${year}`} className="site-footer">
      <FooterContent year={year} />
    </RenderedOnce>
  );
}

function FooterContent({ year }: { year: number }) {
  return (
    <>
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
        <FooterLinks id="footer-practice" title="Practice" links={FOOTER_LINKS.practice} />
        <FooterLinks id="footer-firm-links" title="The firm" links={FOOTER_LINKS.firm} />
        <FooterLinks id="footer-clients" title="Clients and learning" links={FOOTER_LINKS.clients} />
      </div>
      <div className="site-footer__legal">
        <p>
          © {year} {firm.name}. As per the rules of the Bar Council of India, this website is for information only and
          is not a solicitation or advertisement.
        </p>
        <nav aria-label="Legal">
          <ul>
            {FOOTER_LINKS.legal.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </>
  );
}

function FooterLinks({
  id,
  title,
  links,
}: {
  id: string;
  title: string;
  links: ReadonlyArray<{ to: string; label: string }>;
}) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="site-footer__title">
        {title}
      </h2>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
