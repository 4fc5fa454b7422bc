import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { boundedCache } from "~/lib/memo";
import { IslandsDocumentContext } from "./islands-document";

const rendered = boundedCache<string>(16);

/**
 * The parts of an islands document that are the same on every request (the footer), rendered once per
 * isolate and key: the value of RenderOnceContext on an islands document (app/entry.server.tsx,
 * useRenderedOnce; decision 109). Rendered as the document renders them: islands links, no router.
 */
export function renderOnce(key: string, render: () => ReactElement): string {
  return rendered(key, () =>
    renderToString(<IslandsDocumentContext.Provider value={true}>{render()}</IslandsDocumentContext.Provider>),
  );
}
