import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { firm, messagingUrl } from "~/config/firm";
import { closeOnEscape } from "~/islands/disclosure";

/**
 * The quick-contact dial: professional network, messaging app with a prefilled
 * message, and a phone call. A <details> disclosure, so it works without
 * JavaScript; with it, Escape closes the dial and returns focus. It sits in the
 * header bar, and floats at the bottom right only on screens wide enough to
 * keep it in the margin beside the page, so it never covers content (app.css).
 */
export function ContactDial() {
  const dialRef = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  useEffect(() => {
    if (dialRef.current) dialRef.current.open = false;
  }, [location.pathname]);

  useEffect(() => (dialRef.current ? closeOnEscape(dialRef.current, document) : undefined), []);

  return (
    <details className="contact-dial" ref={dialRef}>
      <summary className="contact-dial__toggle" aria-label="Quick contact">
        <svg aria-hidden="true" viewBox="0 0 24 24" width="26" height="26">
          <path
            fill="currentColor"
            d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.46.57 3.6a1 1 0 0 1-.25 1z"
          />
        </svg>
      </summary>
      <ul className="contact-dial__actions" aria-label="Quick contact options">
        <li>
          <a href={firm.professionalNetworkUrl} target="_blank" rel="noopener noreferrer">
            LinkedIn
          </a>
        </li>
        <li>
          <a href={messagingUrl()} target="_blank" rel="noopener noreferrer">
            WhatsApp
          </a>
        </li>
        <li>
          <a href={`tel:${firm.phone.tel}`}>Call {firm.phone.display}</a>
        </li>
      </ul>
    </details>
  );
}
