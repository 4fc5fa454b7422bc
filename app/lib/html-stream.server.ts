/**
 * Moves React 18's `</body></html>`, written with the shell, to the end of the stream, so the
 * `<script>` tags Remix streams later land inside `<body>` and the HTML is valid. Browsers build the
 * same DOM either way, so hydration is unchanged.
 *
 * It works on bytes (the tags are ASCII, and no UTF-8 multi-byte sequence contains `<`) and hands the
 * shell on as one chunk instead of hundreds of 512-byte stream writes, which cost CPU and would not
 * send the first byte any sooner (docs/decisions/092-render-cpu.md).
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
