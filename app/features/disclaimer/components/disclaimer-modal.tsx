import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { firm } from "~/config/firm";
import { acceptDisclaimerInBrowser, disclaimerAcceptedInBrowser } from "../disclaimer";
import { useHydrated } from "~/components/use-hydrated";
import { useModal } from "~/components/use-modal";

/**
 * The Bar Council of India disclaimer, shown until the visitor agrees (once per
 * browser session). The server renders it open unless the session cookie says
 * it was accepted. Without JavaScript 'I AGREE' posts to /disclaimer, which
 * sets that cookie and comes back here; with JavaScript it closes in place.
 */
export function DisclaimerModal({ initiallyOpen }: { initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const hydrated = useHydrated();
  const dialogRef = useRef<HTMLDivElement>(null);
  const location = useLocation();

  useEffect(() => {
    // Accepted earlier in this tab (the sessionStorage flag) but the cookie is gone.
    if (disclaimerAcceptedInBrowser()) setOpen(false);
  }, []);

  useModal(dialogRef, open && hydrated);

  if (!open) return null;
  return (
    <div className="disclaimer-overlay">
      <div
        ref={dialogRef}
        className="disclaimer"
        role="dialog"
        aria-modal="true"
        aria-labelledby="disclaimer-title"
        aria-describedby="disclaimer-text"
      >
        <h2 id="disclaimer-title">Disclaimer</h2>
        <div id="disclaimer-text" className="disclaimer__text">
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
        </div>
        <form
          method="post"
          action="/disclaimer"
          className="disclaimer__actions"
          onSubmit={(event) => {
            event.preventDefault();
            acceptDisclaimerInBrowser();
            setOpen(false);
          }}
        >
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
