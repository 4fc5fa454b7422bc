/**
 * React 18 writes the document's closing `</body></html>` with the shell, then streams whatever
 * resolves later (Remix's single-fetch data: `<script>` tags) after it, which is invalid HTML
 * ("Stray start tag script"). This moves the closing tags to the very end of the stream, so every
 * streamed script lands inside `<body>`. Browsers build the same DOM either way (they put content
 * after `</html>` into the body), so hydration is unchanged.
 *
 * It works on bytes (the tags are ASCII; a UTF-8 multi-byte sequence never contains `<`), and it
 * hands the shell on as one chunk: React writes the shell in one synchronous flush as hundreds of
 * 512-byte pieces, each of which costs the runtime a stream write, while the first byte leaves
 * no later for it (docs/decisions/092-render-cpu.md). What streams after the shell passes through as is.
 */
import { concatBytes } from "./bytes";

const CLOSING = new TextEncoder().encode("</body></html>");

/** Where `needle` starts in `haystack` at or after `from`, or -1. */
function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0];
  const last = haystack.length - needle.length;
  for (let i = haystack.indexOf(first!, from); i >= 0 && i <= last; i = haystack.indexOf(first!, i + 1)) {
    let j = 1;
    while (j < needle.length && haystack[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

/** The last `count` bytes of `before` followed by `chunk`. */
function lastBytes(before: Uint8Array, chunk: Uint8Array, count: number): Uint8Array {
  if (chunk.length >= count) return chunk.subarray(chunk.length - count);
  const joined = concatBytes([before, chunk], before.length + chunk.length);
  return joined.subarray(Math.max(0, joined.length - count));
}

export function closeDocumentAtEnd(stream: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  // Until the closing tags are found, everything is held (the shell), then sent as one chunk.
  let held: Uint8Array[] = [];
  let heldBytes = 0;
  let tail: Uint8Array = new Uint8Array(0); // the last bytes held, for tags split across chunks
  let moved = false;
  return stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (moved) {
          controller.enqueue(chunk);
          return;
        }
        // Look in the new chunk, and across the seam with the bytes held before it.
        let at = indexOfBytes(chunk, CLOSING, 0);
        if (at >= 0) at += heldBytes;
        else if (tail.length > 0) {
          const after = chunk.subarray(0, CLOSING.length - 1);
          const seam = indexOfBytes(concatBytes([tail, after], tail.length + after.length), CLOSING, 0);
          if (seam >= 0) at = heldBytes - tail.length + seam;
        }
        held.push(chunk);
        heldBytes += chunk.length;
        tail = lastBytes(tail, chunk, CLOSING.length - 1);
        if (at < 0) return;
        moved = true;
        const all = concatBytes(held, heldBytes);
        const out = new Uint8Array(heldBytes - CLOSING.length);
        out.set(all.subarray(0, at));
        out.set(all.subarray(at + CLOSING.length), at);
        held = [];
        heldBytes = 0;
        if (out.length > 0) controller.enqueue(out);
      },
      flush(controller) {
        if (moved) controller.enqueue(CLOSING);
        else if (heldBytes > 0) controller.enqueue(concatBytes(held, heldBytes));
      },
    }),
  );
}
