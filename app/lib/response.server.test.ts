import { describe, expect, it } from "vitest";
import { withHeaders } from "./response.server";

describe("withHeaders", () => {
  it("edits a response the Worker made in place, without a copy", async () => {
    const response = new Response("<p>Hello</p>", { status: 201, headers: { "Content-Type": "text/html" } });
    const out = withHeaders(response, (headers) => headers.set("X-Cache", "MISS"));
    expect(out).toBe(response);
    expect(out.headers.get("X-Cache")).toBe("MISS");
    expect(out.status).toBe(201);
    expect(await out.text()).toBe("<p>Hello</p>");
  });

  it("copies a response whose headers are immutable, with its status, headers and body", async () => {
    const redirect = Response.redirect("https://firm.test/login", 303);
    const out = withHeaders(redirect, (headers) => headers.set("Cache-Control", "private, no-store"));
    expect(out).not.toBe(redirect);
    expect(out.status).toBe(303);
    expect(out.headers.get("Location")).toBe("https://firm.test/login");
    expect(out.headers.get("Cache-Control")).toBe("private, no-store");
    expect(redirect.headers.get("Cache-Control")).toBeNull();

    const cache = await caches.open("response-server-test");
    await cache.put(
      "https://firm.test/page",
      new Response("cached page", { headers: { "Cache-Control": "max-age=60" } }),
    );
    const cached = (await cache.match("https://firm.test/page"))!;
    const edited = withHeaders(cached, (headers) => headers.set("X-Cache", "HIT"));
    expect(edited.headers.get("X-Cache")).toBe("HIT");
    expect(await edited.text()).toBe("cached page");
  });

  it("lets any other error of the edit through", () => {
    const response = new Response("x");
    expect(() =>
      withHeaders(response, () => {
        throw new RangeError("not a header problem");
      }),
    ).toThrow(RangeError);
  });
});
