import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { boundedCache } from "~/lib/memo";
import { IslandsDocumentContext, type IslandsDocument } from "./islands-document";

const rendered = boundedCache<string>(16);

/** Inside a part rendered once: still an islands document, whose pieces render in place. */
const INSIDE_A_PART: IslandsDocument = { renderOnce: null };

/**
 * The parts of an islands document that are the same on every request (the footer), rendered once per
 * isolate and key (useRenderedOnce; decision 109). Rendered as the document renders them: islands links,
 * no router.
 */
export function renderOnce(key: string, render: () => ReactElement): string {
  return rendered(key, () =>
    renderToString(<IslandsDocumentContext.Provider value={INSIDE_A_PART}>{render()}</IslandsDocumentContext.Provider>),
  );
}

/** The value of IslandsDocumentContext for an islands document (app/entry.server.tsx). */
export const ISLANDS_DOCUMENT: IslandsDocument = { renderOnce };
