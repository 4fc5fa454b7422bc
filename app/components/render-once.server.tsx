import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { boundedCache } from "~/lib/memo";
import { IslandsDocumentContext, type IslandsDocument } from "./islands-document";

// One entry per part and key: seven today (the footer's, per year; the hero's; the home page's four;
// the disclaimer's text). Past the limit, parts would evict each other and render on every request.
const rendered = boundedCache<string>(16);

/** Inside a part rendered once: still an islands document, whose pieces render in place. */
const INSIDE_A_PART: IslandsDocument = { renderOnce: null };

/**
 * The parts of an islands document that are the same on every request (the footer, the home page's fixed
 * parts), rendered once per isolate and key (useRenderedOnce; decisions 109, 110). Rendered as the
 * document renders them: islands links, no router.
 */
export function renderOnce(key: string, render: () => ReactElement): string {
  return rendered(key, () =>
    latin1Html(
      renderToString(
        <IslandsDocumentContext.Provider value={INSIDE_A_PART}>{render()}</IslandsDocumentContext.Provider>,
      ),
    ),
  );
}

/**
 * The HTML with every character outside Latin-1 written as a numeric character reference, which the
 * browser reads as the same character. V8 keeps a string one byte a character unless a character needs
 * two; one such character anywhere makes the whole document two bytes a character, and its copies with
 * it (the home page's 29 KB document was 58 KB for four arrows and four quotes; decision 110). Built a
 * character at a time, so the result is a one-byte string. Only for markup without <script> or <style>,
 * whose text is not read for character references.
 */
export function latin1Html(html: string): string {
  if (/<(script|style)\b/i.test(html)) {
    throw new Error(
      "A part rendered once cannot hold <script> or <style>: their text is not read for character references",
    );
  }
  let out = "";
  for (const char of html) {
    const code = char.codePointAt(0)!;
    out += code > 0xff ? `&#${code};` : char;
  }
  return out;
}

/** The value of IslandsDocumentContext for an islands document (app/entry.server.tsx). */
export const ISLANDS_DOCUMENT: IslandsDocument = { renderOnce };
