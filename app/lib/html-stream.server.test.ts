import { describe, expect, it } from "vitest";
import { closeDocumentAtEnd } from "./html-stream.server";

function streamOf(chunks: string[]) {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

const read = (stream: ReadableStream<Uint8Array>) => new Response(stream).text();

describe("closing the document after the streamed scripts", () => {
  it("moves </body></html> after whatever streams later", async () => {
    const html = await read(
      closeDocumentAtEnd(
        streamOf(["<!DOCTYPE html><html><body><p>shell</p></body></html>", "<script>late()</script>"]),
      ),
    );
    expect(html).toBe("<!DOCTYPE html><html><body><p>shell</p><script>late()</script></body></html>");
  });

  it("finds the closing tags split across chunks, and multi-byte characters split across chunks", async () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    const rupee = encode("₹");
    const chunks = [
      encode("<html><body>"),
      rupee.slice(0, 1),
      rupee.slice(1),
      encode(" 500</bo"),
      encode("dy></ht"),
      encode("ml>"),
      encode("<script>a()</script>"),
      encode("<script>b()</script>"),
    ];
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    expect(await read(closeDocumentAtEnd(stream))).toBe(
      "<html><body>₹ 500<script>a()</script><script>b()</script></body></html>",
    );
  });

  it("leaves a document without streamed parts, and a fragment without closing tags, as they were", async () => {
    expect(await read(closeDocumentAtEnd(streamOf(["<html><body>x</body></html>"])))).toBe(
      "<html><body>x</body></html>",
    );
    expect(await read(closeDocumentAtEnd(streamOf(["<p>no document</p>"])))).toBe("<p>no document</p>");
  });

  it("finds the closing tags wherever a chunk boundary falls, one byte at a time too", async () => {
    const document = "<html><body><p>₹ 1,500</p></body></html>";
    const expected = "<html><body><p>₹ 1,500</p><script>late()</script></body></html>";
    const bytes = new TextEncoder().encode(document);
    for (let split = 1; split < bytes.length; split++) {
      const chunks = [bytes.slice(0, split), bytes.slice(split), new TextEncoder().encode("<script>late()</script>")];
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
          controller.close();
        },
      });
      expect(await read(closeDocumentAtEnd(stream)), `split at byte ${split}`).toBe(expected);
    }
    const oneByOne = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const byte of bytes) controller.enqueue(Uint8Array.of(byte));
        controller.close();
      },
    });
    expect(await read(closeDocumentAtEnd(oneByOne))).toBe(document);
  });

  it("hands a shell written in many small pieces on as one chunk; later parts pass as they come", async () => {
    const shell = `<!DOCTYPE html><html><body>${"<p>An insight paragraph.</p>".repeat(400)}</body></html>`;
    const pieces: string[] = [];
    for (let at = 0; at < shell.length; at += 512) pieces.push(shell.slice(at, at + 512));
    const reader = closeDocumentAtEnd(
      streamOf([...pieces, "<script>a()</script>", "<script>b()</script>"]),
    ).getReader();
    const decoder = new TextDecoder();
    const chunks: string[] = [];
    for (let next = await reader.read(); !next.done; next = await reader.read())
      chunks.push(decoder.decode(next.value));
    expect(pieces.length).toBeGreaterThan(20);
    expect(chunks).toEqual([
      shell.slice(0, -"</body></html>".length),
      "<script>a()</script>",
      "<script>b()</script>",
      "</body></html>",
    ]);
  });
});
