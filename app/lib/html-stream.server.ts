/**
 * React 18 writes the document's closing `</body></html>` with the shell, then streams whatever
 * resolves later (Remix's single-fetch data: `<script>` tags) after it, which is invalid HTML
 * ("Stray start tag script"). This moves the closing tags to the very end of the stream, so every
 * streamed script lands inside `<body>`. Browsers build the same DOM either way (they put content
 * after `</html>` into the body), so hydration is unchanged.
 */
const CLOSING = "</body></html>";

export function closeDocumentAtEnd(stream: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let pending = "";
  let moved = false;
  return stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const text = decoder.decode(chunk, { stream: true });
        if (moved) {
          if (text) controller.enqueue(encoder.encode(text));
          return;
        }
        pending += text;
        const at = pending.indexOf(CLOSING);
        if (at >= 0) {
          moved = true;
          const out = pending.slice(0, at) + pending.slice(at + CLOSING.length);
          pending = "";
          if (out) controller.enqueue(encoder.encode(out));
          return;
        }
        // Keep back only what could be the start of a closing tag split across chunks.
        const keep = Math.min(pending.length, CLOSING.length - 1);
        const out = pending.slice(0, pending.length - keep);
        pending = pending.slice(pending.length - keep);
        if (out) controller.enqueue(encoder.encode(out));
      },
      flush(controller) {
        const rest = pending + decoder.decode();
        controller.enqueue(encoder.encode(moved ? rest + CLOSING : rest));
      },
    }),
  );
}
