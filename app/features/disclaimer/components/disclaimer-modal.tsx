import { useLocation } from "@remix-run/react";
import { RenderedOnce } from "~/components/islands-document";
import { firm } from "~/config/firm";

/**
 * The Bar Council of India disclaimer, shown until the visitor agrees (once per
 * browser session). The server renders it open unless the session cookie says
 * it was accepted. Without JavaScript 'I AGREE' posts to /disclaimer, which
 * sets that cookie and comes back here. Markup only: the home page does not
 * hydrate React, and the island app/islands/disclaimer.ts makes the dialog
 * modal, closes it in place on 'I AGREE' and removes it at once when this tab
 * accepted it earlier (the sessionStorage flag).
 */
export function DisclaimerModal({ initiallyOpen }: { initiallyOpen: boolean }) {
  const location = useLocation();

  if (!initiallyOpen) return null;
  return (
    <div className="disclaimer-overlay">
      <div
        className="disclaimer"
        role="dialog"
        aria-modal="true"
        aria-labelledby="disclaimer-title"
        aria-describedby="disclaimer-text"
      >
        <h2 id="disclaimer-title">Disclaimer</h2>
        {/* The text is the same on every request (rendered once per isolate, decision 110); the form is not. */}
        <RenderedOnce cacheKey="disclaimer-text" id="disclaimer-text" className="disclaimer__text">
          <p>
            The Bar Council of India does not permit advocates to advertise or solicit work. By clicking &lsquo;I
            AGREE&rsquo; you confirm that:
          </p>
          <ul>
            <li>you are seeking information about {firm.name} on your own, for your own use;</li>
            <li>
              there has been no advertisement, solicitation, invitation or inducement of any kind from the firm or its
              members;
            </li>
            <li>
              the information on this website is not legal advice, and reading it or contacting us through it does not
              create a lawyer&ndash;client relationship.
            </li>
          </ul>
          <p>The firm is not liable for any action you take on the basis of this website&rsquo;s content.</p>
        </RenderedOnce>
        <form method="post" action="/disclaimer" className="disclaimer__actions">
          <input type="hidden" name="intent" value="accept-disclaimer" />
          <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
          <a className="button button--ghost" href={firm.disagreeUrl} rel="noopener noreferrer">
            I DISAGREE
          </a>
          <button type="submit" className="button button--gold" data-autofocus>
            I AGREE
          </button>
        </form>
      </div>
    </div>
  );
}
