// Everything under /api answers JSON. An unknown path is 404
// {message: 'Not found'}, a method a route does not take is 405 with Allow;
// an error is logged as one readable JSON line (message, status, route) and
// nothing names an internal file.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { describeError } from "~/lib/log.server";
import { appFetch, expectConsoleError } from "../../helpers";
import { consoleErrors } from "../../setup/fail-on-console-error";

async function json(response: Response) {
  expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
  const text = await response.text();
  expect(text).not.toMatch(/routes\/|\.tsx?\b|<html/i);
  return JSON.parse(text) as Record<string, unknown>;
}

describe("JSON everywhere under /api", () => {
  it("an unknown /api path is 404 {message: 'Not found'} for every method", async () => {
    for (const path of ["/api", "/api/", "/api/nope", "/api/blogs/1/2/3", "/api/quiz/abc/unknown", "/api/%E0%A4"]) {
      for (const method of ["GET", "POST", "PUT", "DELETE", "PATCH"]) {
        const response = await appFetch(path, { method });
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(await json(response), `${method} ${path}`).toEqual({ message: "Not found" });
      }
    }
    // The site's own unknown pages keep the HTML 404 page.
    const page = await appFetch("/no-such-page");
    expect(page.status).toBe(404);
    expect(page.headers.get("Content-Type")).toContain("text/html");
  });

  it("a method the route does not take is 405 JSON with an Allow header", async () => {
    const cases: Array<[string, string, string]> = [
      ["POST", "/api/roles", "GET, HEAD"],
      ["DELETE", "/api/results/user/someone", "GET, HEAD"],
      ["PUT", "/api/results/some-result", "GET, HEAD"],
      ["PATCH", "/api/blogs", "GET, POST"],
      ["PUT", "/api/services", "GET, POST"],
      ["POST", "/api/services/some-id", "GET, PUT, DELETE"],
      ["GET", "/api/auth/login", "POST"],
      ["DELETE", "/api/join", "POST"],
      ["GET", "/api/consultation/send-consultation-request", "POST"],
      ["POST", "/api/teachers", "GET"],
    ];
    for (const [method, path, allow] of cases) {
      const response = await appFetch(path, { method });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get("Allow"), `${method} ${path}`).toBe(allow);
      expect((await json(response)).message, `${method} ${path}`).toBe("Method not allowed");
    }
    // A client's mistake is not an error of the app: nothing was logged (the setup fails the test otherwise).
    expect(consoleErrors.calls).toEqual([]);
  });

  it("a page that takes no POST answers 405 without naming its route file, and logs no error", async () => {
    const response = await appFetch("/about", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "a=1",
    });
    expect(response.status).toBe(405);
    const html = await response.text();
    const main = html.slice(html.indexOf("<main"), html.indexOf("</main>"));
    expect(main).toContain("This request could not be completed");
    // The page does not show the router's developer message (which names the route file).
    expect(main).not.toContain("routes/");
    expect(main).not.toContain("did not provide");
    expect(consoleErrors.calls).toEqual([]);
  });

  it("describes any thrown value readably: errors, responses, router error responses, plain objects", () => {
    expect(describeError(new TypeError("boom"))).toMatchObject({ name: "TypeError", message: "boom" });
    expect(describeError(new Response("x", { status: 502, statusText: "Bad Gateway" }))).toEqual({
      name: "Response",
      message: "502 Bad Gateway",
    });
    expect(describeError({ status: 405, statusText: "Method Not Allowed", data: "no action", internal: true })).toEqual(
      { name: "ErrorResponse", message: "405 Method Not Allowed: no action" },
    );
    expect(describeError({ code: 7, detail: "odd" })).toEqual({ name: "object", message: '{"code":7,"detail":"odd"}' });
    expect(describeError("plain text")).toEqual({ name: "string", message: "plain text" });
  });

  it("an unexpected failure answers the spec's fallback and logs one JSON line naming the route and status", async () => {
    await env.DB.exec("DROP TABLE services");
    expectConsoleError(1);
    const response = await appFetch("/api/services?x=secret-query");
    expect(response.status).toBe(500);
    expect(await json(response)).toEqual({ message: "Failed to fetch services" });
    expect(consoleErrors.calls).toHaveLength(1);
    const line = String(consoleErrors.calls[0]![0]);
    expect(line).not.toContain("[object Object]");
    expect(line).not.toContain("secret-query");
    expect(JSON.parse(line)).toMatchObject({
      level: "error",
      type: "error",
      method: "GET",
      path: "/api/services",
      route: "routes/api+/services",
      status: 500,
      where: "Failed to fetch services",
      error: { cause: { message: expect.stringContaining("no such table: services") } },
    });
  });
});
