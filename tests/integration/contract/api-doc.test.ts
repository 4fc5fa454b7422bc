// docs/api.md is the API's contract. This test walks it against the built
// Worker: every /api route of the build is documented, with exactly the
// methods it answers (any other method is 405 with an Allow header listing
// the documented ones), and every documented endpoint answers an empty request
// (no token, ids that do not exist, an empty body of the documented kind) with
// the documented status, in JSON.
import apiDoc from "../../../docs/api.md?raw";
import * as build from "remix-server-build";
import { describe, expect, it } from "vitest";
import { appFetch } from "../../helpers";
import { clientIp } from "./client";

type Endpoint = { method: string; path: string; body: "json" | "multipart" | "none"; emptyStatus: number };

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function documentedEndpoints(markdown: string): Endpoint[] {
  return markdown
    .split(/^### /m)
    .slice(1)
    .map((section) => {
      const [heading = ""] = section.split("\n");
      const match = /^(GET|POST|PUT|PATCH|DELETE) (\/api\/\S+)$/.exec(heading.trim());
      if (!match) throw new Error(`docs/api.md: a heading that is not "METHOD /api/path": ${heading}`);
      const body = /^- \*\*Body:\*\* (JSON|multipart|none)\b/m.exec(section)?.[1]?.toLowerCase();
      const emptyStatus = /^- \*\*Empty request:\*\* (\d{3})\b/m.exec(section)?.[1];
      if (!body || !emptyStatus) throw new Error(`docs/api.md: ${heading} needs its Body and Empty request lines`);
      for (const line of ["Auth", "Response", "Errors"])
        if (!section.includes(`- **${line}:**`)) throw new Error(`docs/api.md: ${heading} has no ${line} line`);
      return { method: match[1]!, path: match[2]!, body: body as Endpoint["body"], emptyStatus: Number(emptyStatus) };
    });
}

/** A route's full path: flat routes nest (api.roles.add sits under api.roles), so join its parents' paths. */
function fullPath(id: string): string {
  const route = build.routes[id];
  if (!route) return "";
  const own = (route.path ?? "").replace(/^\/|\/$/g, "");
  const parent = route.parentId ? fullPath(route.parentId) : "";
  return own ? `${parent}/${own}` : parent;
}

/** The build's /api routes, as documented paths: api/blogs/:id → /api/blogs/{id}. */
function apiRoutePaths(): string[] {
  return Object.keys(build.routes)
    .filter((id) => id.startsWith("routes/api."))
    .map((id) => fullPath(id).replace(/:(\w+)/g, "{$1}"))
    .sort();
}

const concrete = (path: string) => path.replace(/\{\w+\}/g, "unknown-id");

function send(method: string, path: string, body: Endpoint["body"]) {
  const headers: Record<string, string> = { "CF-Connecting-IP": clientIp() };
  let payload: BodyInit | undefined;
  if (body === "json") {
    headers["Content-Type"] = "application/json";
    payload = "{}";
  } else if (body === "multipart") {
    payload = new FormData();
  }
  return appFetch(concrete(path), { method, headers, body: payload });
}

const endpoints = documentedEndpoints(apiDoc);
const byPath = new Map<string, string[]>();
for (const endpoint of endpoints) byPath.set(endpoint.path, [...(byPath.get(endpoint.path) ?? []), endpoint.method]);

/** A sweep sends a request per endpoint and method: on a busy machine more than one test usually takes. */
const SWEEP_TIMEOUT = 120_000;

describe("docs/api.md matches the API", () => {
  it("lists each endpoint once, and every /api route of the app", () => {
    const keys = endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...byPath.keys()].sort()).toEqual(apiRoutePaths());
  });

  it(
    "every documented endpoint answers an empty request with the documented status, in JSON",
    async () => {
      for (const { method, path, body, emptyStatus } of endpoints) {
        const response = await send(method, path, body);
        const text = await response.text();
        expect(response.status, `${method} ${path}: ${text.slice(0, 200)}`).toBe(emptyStatus);
        expect(response.headers.get("Content-Type"), `${method} ${path}`).toMatch(/^application\/json/);
        const answer = JSON.parse(text) as unknown;
        if (emptyStatus >= 400)
          expect(typeof (answer as { message?: unknown }).message, `${method} ${path}`).toBe("string");
      }
    },
    SWEEP_TIMEOUT,
  );

  it(
    "any other method is 405 with an Allow header naming the documented ones",
    async () => {
      for (const [path, documented] of byPath) {
        for (const method of METHODS.filter((candidate) => !documented.includes(candidate))) {
          const response = await send(method, path, method === "GET" || method === "DELETE" ? "none" : "json");
          expect(response.status, `${method} ${path}`).toBe(405);
          const allowed = (response.headers.get("Allow") ?? "").split(/,\s*/);
          for (const method of documented) expect(allowed, `Allow of ${path}`).toContain(method);
          expect(((await response.json()) as { message: string }).message).toBe("Method not allowed");
        }
      }
    },
    SWEEP_TIMEOUT,
  );
});
