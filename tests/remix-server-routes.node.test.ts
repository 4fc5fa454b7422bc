// The RemixServer patch (patches/@remix-run+react+2.17.5.patch, docs/decisions/092-render-cpu.md, addendum 3):
// Remix built the server's route objects from the whole manifest (every route of the app) on every
// rendered page, although they depend only on the build. Patched, they are made once per manifest.
import { createRequire } from "node:module";
import { createStaticHandler } from "@remix-run/router";
import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

// The CommonJS build, as the app's server bundle resolves it (the ESM build carries the same patch).
const require = createRequire(import.meta.url);
const { Outlet, RemixServer } = require("@remix-run/react") as typeof import("@remix-run/react");

type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; hasLoader: boolean };

/** A manifest's routes that count how often something lists them (building the server routes does). */
function countedRoutes(routes: Record<string, ManifestRoute>) {
  const listed = { count: 0 };
  const proxy = new Proxy(routes, {
    ownKeys(target) {
      listed.count++;
      return Reflect.ownKeys(target);
    },
  });
  return { proxy, listed };
}

async function render(manifestRoutes: Record<string, ManifestRoute>, path: string) {
  const dataRoutes = [{ id: "root", path: "/", children: [{ id: "routes/about", path: "about" }] }];
  const staticHandlerContext = await createStaticHandler(dataRoutes).query(new Request(`http://firm.test${path}`));
  if (staticHandlerContext instanceof Response) throw new Error("unexpected response");
  const context = {
    manifest: {
      routes: manifestRoutes,
      entry: { module: "/entry.js", imports: [] },
      url: "/manifest.js",
      version: "1",
    },
    routeModules: {
      root: { default: () => h("main", null, "The firm", h(Outlet)) },
      "routes/about": { default: () => h("p", null, "About") },
    },
    staticHandlerContext,
    future: {},
    isSpaMode: false,
    serverHandoffString: "{}",
    criticalCss: undefined,
  };
  return renderToString(h(RemixServer, { context: context as never, url: `http://firm.test${path}` }));
}

describe("the server's route objects", () => {
  const routes = {
    root: { id: "root", path: "", hasLoader: false },
    "routes/about": { id: "routes/about", parentId: "root", path: "about", hasLoader: false },
  };

  it("are built once per manifest, not on every render", async () => {
    const { proxy, listed } = countedRoutes(routes);
    expect(await render(proxy, "/")).toContain("The firm");
    const afterFirst = listed.count;
    expect(afterFirst).toBeGreaterThan(0);
    expect(await render(proxy, "/about")).toContain("About");
    expect(await render(proxy, "/")).toContain("The firm");
    expect(listed.count).toBe(afterFirst);
  });

  it("are built again for another manifest (another build)", async () => {
    const first = countedRoutes({ ...routes });
    const second = countedRoutes({ ...routes });
    await render(first.proxy, "/");
    await render(second.proxy, "/about");
    expect(first.listed.count).toBeGreaterThan(0);
    expect(second.listed.count).toBeGreaterThan(0);
  });
});

// The static router patch (patches/react-router-dom+6.30.4.patch, docs/decisions/109-render-garbage.md):
// React Router converted the routes to data routes (a copy of every route, 115 of them) on every render.
describe("the static router's data routes", () => {
  const { createStaticRouter } = require("react-router-dom/server") as typeof import("react-router-dom/server");
  const routes = [
    {
      id: "root",
      path: "/",
      children: [
        { id: "about", path: "about" },
        { id: "team", path: "team" },
      ],
    },
  ];

  async function routerFor(routeArray: typeof routes, path: string) {
    const context = await createStaticHandler(routeArray).query(new Request(`http://firm.test${path}`));
    if (context instanceof Response) throw new Error("unexpected response");
    return createStaticRouter(routeArray, context);
  }

  it("are converted once per routes array, and each render's matches point into them", async () => {
    const about = await routerFor(routes, "/about");
    const team = await routerFor(routes, "/team");
    expect(team.routes).toBe(about.routes);
    expect(about.state.matches.map((match) => match.route.id)).toEqual(["root", "about"]);
    expect(team.state.matches.map((match) => match.route.id)).toEqual(["root", "team"]);
    expect(team.state.matches[1]?.route).toBe(team.routes[0]?.children?.[1]);
    expect(team.state.location.pathname).toBe("/team");
  });

  it("are converted again for another routes array", async () => {
    const first = await routerFor(routes, "/about");
    const other = [{ id: "root", path: "/", children: [{ id: "about", path: "about" }] }];
    const second = await routerFor(other as typeof routes, "/about");
    expect(second.routes).not.toBe(first.routes);
    expect(second.routes[0]?.children).toHaveLength(1);
  });
});
