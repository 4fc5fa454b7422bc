// The React server-renderer patch (patches/react-dom+18.3.1.patch, docs/decisions/092-render-cpu.md,
// addendum 2): React 18's streaming renderer for workerd encoded every string it wrote (each tag, attribute
// and text) with its own TextEncoder call and copied the bytes into 512-byte pieces. Patched, it gathers a
// flush's text and encodes it once. The page must read exactly as before, whatever it holds.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createElement as h, Suspense, type ReactNode } from "react";
import { describe, expect, it } from "vitest";

// The production build the Worker bundles (the Remix server build resolves react-dom/server to it).
const require = createRequire(import.meta.url);
const serverBrowserBuild = join(
  dirname(require.resolve("react-dom/package.json")),
  "cjs/react-dom-server.browser.production.min.js",
);
const { renderToReadableStream } = require(serverBrowserBuild) as {
  renderToReadableStream(node: ReactNode, options?: { bootstrapScriptContent?: string }): Promise<ReadableStream>;
};

async function chunksOf(node: ReactNode) {
  const reader = (await renderToReadableStream(node, { bootstrapScriptContent: "window.booted = 1" })).getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = (await reader.read()) as { done: boolean; value?: Uint8Array };
    if (done) return chunks;
    chunks.push(value!);
  }
}

const text = (chunks: Uint8Array[]) => new TextDecoder().decode(Buffer.concat(chunks));

/** A suspending child that shows `content` once `ready` has settled. */
function later(content: string) {
  let shown = false;
  const ready = new Promise((resolve) => setTimeout(resolve, 20)).then(() => (shown = true));
  return function Later() {
    if (!shown) throw ready;
    return h("p", { "data-note": 'quote " and <angle>' }, content);
  };
}

describe("React's streamed HTML (patched encoding)", () => {
  it("hands a flush on as one chunk, not 512-byte pieces", async () => {
    const items = Array.from({ length: 300 }, (_, i) => h("li", { key: i, className: `item-${i}` }, `Item ${i}`));
    const chunks = await chunksOf(h("html", null, h("body", null, h("ul", null, items))));
    expect(new TextDecoder().decode(chunks[0]).length).toBeGreaterThan(10_000);
    expect(chunks).toHaveLength(1);
  });

  it("writes every character as before: escapes, non-ASCII text, a streamed boundary and the bootstrap script", async () => {
    const Later = later("Shown later: ₹ 5,000 — हिन्दी 𝄞");
    const html = text(
      await chunksOf(
        h(
          "html",
          null,
          h(
            "body",
            null,
            h("h1", { title: "A & B" }, "Sharma & Rao <Associates> — अधिवक्ता"),
            h("p", null, "x".repeat(700), "|", "y".repeat(3)),
            h(Suspense, { fallback: h("span", null, "Loading…") }, h(Later)),
            h("script", { dangerouslySetInnerHTML: { __html: "window.inline = '✓'" } }),
          ),
        ),
      ),
    );
    expect(html).toContain('<h1 title="A &amp; B">Sharma &amp; Rao &lt;Associates&gt; — अधिवक्ता</h1>');
    expect(html).toContain(`<p>${"x".repeat(700)}<!-- -->|<!-- -->yyy</p>`);
    expect(html).toContain("<span>Loading…</span>");
    expect(html).toContain('<p data-note="quote &quot; and &lt;angle&gt;">Shown later: ₹ 5,000 — हिन्दी 𝄞</p>');
    expect(html).toContain("<script>window.inline = '✓'</script>");
    expect(html).toContain("<script>window.booted = 1</script>");
    expect(html).not.toContain("\uFFFD");
  });
});
