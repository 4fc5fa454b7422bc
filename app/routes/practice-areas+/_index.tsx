import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";
import { firm } from "~/config/firm";
import { ConsultationCta } from "~/features/site/components/content-page";
import { PracticeCard } from "~/features/site/components/practice-card";
import { publicHeaders, publicPageHeaders } from "~/lib/http-cache.server";
import { AREAS_OF_EXPERTISE, DISPUTE_RESOLUTION, DISPUTES_SHOWN_FIRST } from "~/features/site/practice-areas";
import { siteLinks } from "~/features/site/site-links";
import { useHydrated } from "~/components/use-hydrated";
import { pageMeta, withStatusMeta } from "~/lib/meta";
import { NO_HYDRATION } from "~/lib/hydration";

export async function loader({ request, context }: LoaderFunctionArgs) {
  // ?more=1 is the no-JavaScript path of 'Know More'.
  const expanded = new URL(request.url).searchParams.get("more") === "1";
  return data({ expanded }, { headers: await publicPageHeaders(request, context) });
}

export const headers = publicHeaders;
export const links = siteLinks;

export const meta: MetaFunction = withStatusMeta(() =>
  pageMeta({
    title: "Practice Areas",
    description: `Areas of expertise and dispute resolution at ${firm.name}: corporate, tax, licensing, M&A, banking, IP, real estate, mediation, litigation, arbitration, family, criminal and consumer matters.`,
    path: "/practice-areas",
  }),
);

export default function PracticeAreas() {
  const { expanded: expandedOnServer } = useLoaderData<typeof loader>();
  const [expanded, setExpanded] = useState(expandedOnServer);
  const hydrated = useHydrated();
  const firstRevealed = useRef<HTMLHeadingElement>(null);
  const [moveFocus, setMoveFocus] = useState(false);

  useEffect(() => {
    if (expandedOnServer) setExpanded(true);
  }, [expandedOnServer]);

  useEffect(() => {
    // The button disappears when pressed: keep the keyboard user's place on the first new card.
    if (moveFocus && expanded) {
      firstRevealed.current?.focus();
      setMoveFocus(false);
    }
  }, [moveFocus, expanded]);

  const hiddenCount = DISPUTE_RESOLUTION.length - DISPUTES_SHOWN_FIRST;

  return (
    <div className="page">
      <h1>Practice Areas</h1>
      <p className="lead">
        Advice and representation for businesses and individuals across Delhi, Haryana and the rest of India.
      </p>

      <section className="section" aria-labelledby="expertise-title">
        <h2 id="expertise-title">Areas of Expertise</h2>
        <div className="card-grid">
          {AREAS_OF_EXPERTISE.map((card, index) => (
            <PracticeCard
              key={card.title}
              card={card}
              image={`/images/practice-areas/expertise-${index + 1}`}
              eager={index < 3}
            />
          ))}
        </div>
      </section>

      <section className="section" id="dispute-resolution" aria-labelledby="disputes-title">
        <h2 id="disputes-title">Dispute Resolution</h2>
        <p>Courts, tribunals, arbitration and mediation: we take disputes from the first notice to the final order.</p>
        <div className="card-grid" id="dispute-list">
          {/* Every card is in the document, the rest hidden until 'Know More': without React the islands
              bundle (app/islands/reveal.ts) reveals them, as this component does when hydrated. */}
          {DISPUTE_RESOLUTION.map((card, index) => (
            <PracticeCard
              key={card.title}
              card={card}
              image={`/images/practice-areas/dispute-${index + 1}`}
              headingRef={index === DISPUTES_SHOWN_FIRST ? firstRevealed : undefined}
              hidden={!expanded && index >= DISPUTES_SHOWN_FIRST}
            />
          ))}
        </div>
        {!expanded ? (
          <p className="know-more">
            {hydrated ? (
              <button
                type="button"
                className="button button--primary"
                aria-controls="dispute-list"
                aria-expanded="false"
                onClick={() => {
                  setExpanded(true);
                  setMoveFocus(true);
                }}
              >
                Know More
              </button>
            ) : (
              <a className="button button--primary" href="?more=1#dispute-resolution" data-reveal="dispute-list">
                Know More
              </a>
            )}
            <span className="visually-hidden"> ({hiddenCount} more dispute resolution areas)</span>
          </p>
        ) : null}
      </section>

      <ConsultationCta title="Not sure which practice fits your matter?" />
    </div>
  );
}

// No React on a first visit: the islands bundle does 'Know More' and the shell's behaviours (app/lib/hydration.ts).
export const handle = NO_HYDRATION;

export const ErrorBoundary = RouteErrorBoundary;
