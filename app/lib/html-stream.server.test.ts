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
});
