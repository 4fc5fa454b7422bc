// The loader-request patch (patches/@remix-run+server-runtime+2.17.5.patch,
// docs/decisions/110-request-copies.md): Remix hands each loader and action a copy of the request
// without its own query parameters (`index` when empty, `_data`, `_routes`). It made the copy, a URL
// and a Request with every header, for every loader of every document, even when the URL had none of
// them. Patched, a request whose URL cannot carry the parameter is passed as it is.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

type CallRouteLoader = (args: {
  loadContext: unknown;
  loader: (args: { request: Request }) => unknown;
  params: Record<string, string>;
  request: Request;
  routeId: string;
  singleFetch: boolean;
}) => Promise<unknown>;

const require = createRequire(import.meta.url);
const builds: Array<[string, () => Promise<CallRouteLoader>]> = [
  ["CommonJS", async () => require("@remix-run/server-runtime/dist/data.js").callRouteLoader],
  // @ts-expect-error: the package's ESM build has no type declarations of its own
  ["ESM", async () => (await import("@remix-run/server-runtime/dist/esm/data.js")).callRouteLoader],
];

async function requestSeenByLoader(callRouteLoader: CallRouteLoader, request: Request, singleFetch = true) {
  let seen: Request | undefined;
  await callRouteLoader({
    loadContext: {},
    loader: ({ request }) => {
      seen = request;
      return null;
    },
    params: {},
    request,
    routeId: "routes/test",
    singleFetch,
  });
  return seen!;
}

describe.each(builds)("the %s build's loader request", (_name, load) => {
  it("is the request itself when the URL has no query, or a query without Remix's parameters", async () => {
    const callRouteLoader = await load();
    for (const url of [
      "http://firm.test/about",
      "http://firm.test/blogs?page=50",
      "http://firm.test/search?q=property+law&page=2",
    ]) {
      const request = new Request(url, { headers: { Cookie: "session=x" } });
      expect(await requestSeenByLoader(callRouteLoader, request), url).toBe(request);
    }
  });

  it("is a copy without the parameters when the URL carries them, spelt plainly or escaped", async () => {
    const callRouteLoader = await load();
    const cases: Array<[string, boolean, string]> = [
      ["http://firm.test/blogs?index&page=2", true, "http://firm.test/blogs?page=2"],
      ["http://firm.test/blogs?%69ndex=&page=2", true, "http://firm.test/blogs?page=2"],
      ["http://firm.test/blogs?index=kept", true, "http://firm.test/blogs?index=kept"],
      ["http://firm.test/about?_routes=routes%2Fabout", true, "http://firm.test/about"],
      ["http://firm.test/about?_data=routes%2Fabout&x=1", false, "http://firm.test/about?x=1"],
    ];
    for (const [url, singleFetch, expected] of cases) {
      const request = new Request(url, { headers: { Cookie: "session=x" } });
      const seen = await requestSeenByLoader(callRouteLoader, request, singleFetch);
      expect(seen, url).not.toBe(request);
      expect(seen.url, url).toBe(expected);
      expect(seen.headers.get("Cookie"), url).toBe("session=x");
    }
  });

  it("leaves a look-alike parameter name alone but still strips the real one beside it", async () => {
    const callRouteLoader = await load();
    const request = new Request("http://firm.test/blogs?reindex=1&index");
    const seen = await requestSeenByLoader(callRouteLoader, request);
    expect(seen.url).toBe("http://firm.test/blogs?reindex=1");
  });
});
