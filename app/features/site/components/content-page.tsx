import { Link } from "~/components/link";

/** A text page of the public site: one h1, a lead paragraph, then the content. */
export function ContentPage({
  title,
  lead,
  children,
  wide = false,
}: {
  title: string;
  lead?: React.ReactNode;
  children: React.ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={wide ? "page" : "page page--narrow"}>
      <h1>{title}</h1>
      {lead ? <p className="lead">{lead}</p> : null}
      <div className={wide ? undefined : "prose"}>{children}</div>
    </div>
  );
}

/** The closing call to action most pages share. */
export function ConsultationCta({ service, title = "Talk to a lawyer" }: { service?: string; title?: string }) {
  const href = service ? `/consultation?service=${encodeURIComponent(service)}` : "/consultation";
  return (
    <aside className="cta-band" aria-label="Book a consultation">
      <div>
        <h2>{title}</h2>
        <p>Tell us about your matter; a lawyer will call you back, usually within one working day.</p>
      </div>
      <Link className="button button--gold" to={href}>
        Book a Consultation
      </Link>
    </aside>
  );
}
