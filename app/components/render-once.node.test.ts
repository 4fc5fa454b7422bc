// Parts of an islands document rendered once per isolate and key (app/components/render-once.server.tsx,
// useRenderedOnce, decision 109): the footer must come out exactly as rendered in place, and be rendered
// once per key, not on every request; the parts are written one byte a character (decision 110).
import { createElement as h, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Hero } from "~/features/site/components/hero";
import { IslandsDocumentContext, RenderedOnce, useRenderedOnce } from "./islands-document";
import { latin1Html, renderOnce } from "./render-once.server";
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

describe("a part rendered once (RenderedOnce)", () => {
  const part = (cacheKey: string, text: string) =>
    h(RenderedOnce, {
      as: "section",
      cacheKey,
      className: "section",
      "aria-labelledby": "t",
      children: h("h2", { id: "t" }, text),
    });

  it("is the element rendered in place, with the characters outside Latin-1 as character references", () => {
    expect(islandsDocument(part("test-rendered-once:arrow", "All practice areas → ‘quoted’ © é"))).toBe(
      '<section class="section" aria-labelledby="t"><h2 id="t">All practice areas &#8594; &#8216;quoted&#8217; © é</h2></section>',
    );
    expect(islandsDocument(part("test-rendered-once:arrow-in-place", "All practice areas →"), null)).toBe(
      '<section class="section" aria-labelledby="t"><h2 id="t">All practice areas →</h2></section>',
    );
  });

  it("keeps the first request's children for its key", () => {
    const first = islandsDocument(part("test-rendered-once:kept", "First"));
    expect(islandsDocument(part("test-rendered-once:kept", "Second"))).toBe(first);
  });

  it("renders the home page's hero as it renders in place, but for references", () => {
    const once = islandsDocument(h(Hero));
    const inPlace = islandsDocument(h(Hero), null);
    expect(once).toBe(latin1Html(inPlace));
    expect(once).toContain('<section class="hero" aria-labelledby="hero-title"><picture>');
  });
});

describe("latin1Html", () => {
  it("writes every character outside Latin-1 as a numeric reference, astral ones as one", () => {
    expect(latin1Html('<p title="→">a – b 😀 ÿ</p>')).toBe('<p title="&#8594;">a &#8211; b &#128512; ÿ</p>');
  });

  it("refuses markup whose text is not read for references", () => {
    expect(() => latin1Html('<script type="application/ld+json">{"a":"→"}</script>')).toThrow(/<script> or <style>/);
    expect(() => latin1Html("<style>a::after{content:'→'}</style>")).toThrow(/<script> or <style>/);
  });
});
