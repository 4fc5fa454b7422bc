// Parts of an islands document rendered once per isolate and key (app/components/render-once.server.tsx,
// useRenderedOnce, decision 109): the footer must come out exactly as rendered in place, and be rendered
// once per key, not on every request.
import { createElement as h, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { IslandsDocumentContext, useRenderedOnce } from "./islands-document";
import { renderOnce } from "./render-once.server";
import { SiteFooter } from "./site-footer";

const islandsDocument = (node: ReactElement, value: typeof renderOnce | null = renderOnce) =>
  renderToString(h(IslandsDocumentContext.Provider, { value: { renderOnce: value } }, node));

describe("the footer on an islands document", () => {
  it("is the HTML the footer renders in place, links and all", () => {
    const once = islandsDocument(h(SiteFooter));
    const inPlace = islandsDocument(h(SiteFooter), null);
    expect(once).toBe(inPlace);
    expect(once).toContain('<footer class="site-footer"><div class="site-footer__grid">');
    expect(once).toContain(`© <!-- -->${new Date().getFullYear()}<!-- --> `);
    expect(once).toMatch(/<a data-discover="true" href="\/privacy">/);
  });
});

describe("useRenderedOnce", () => {
  function Part({ id, renders }: { id: string; renders: { count: number } }) {
    const html = useRenderedOnce(`test-part:${id}`, () => {
      renders.count++;
      return h("p", null, "Part ", id);
    });
    return html === null
      ? h("div", null, h("p", null, "Part ", id))
      : h("div", { dangerouslySetInnerHTML: { __html: html } });
  }

  it("renders a key once per isolate, and another key on its own", () => {
    const renders = { count: 0 };
    const first = islandsDocument(h(Part, { id: "a", renders }));
    const again = islandsDocument(h(Part, { id: "a", renders }));
    expect(first).toBe("<div><p>Part <!-- -->a</p></div>");
    expect(again).toBe(first);
    expect(renders.count).toBe(1);
    expect(islandsDocument(h(Part, { id: "b", renders }))).toBe("<div><p>Part <!-- -->b</p></div>");
    expect(renders.count).toBe(2);
  });

  it("renders in place where no one renders once (a hydrated document, the browser)", () => {
    const renders = { count: 0 };
    expect(renderToString(h(Part, { id: "c", renders }))).toBe("<div><p>Part <!-- -->c</p></div>");
    expect(renders.count).toBe(0);
  });
});
