// The app's Link and NavLink (app/components/link.tsx): on an islands document they render a plain <a>,
// which must be exactly what Remix's link renders there, attribute for attribute, for every kind of `to`
// and prop the app uses; on a hydrated document they are Remix's own.
import { createStaticHandler } from "@remix-run/router";
import { Outlet, RemixServer } from "@remix-run/react";
import { createElement as h, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { IslandsDocumentContext } from "./islands-document";
import { Link, NavLink } from "./link";

/** The page at `path` rendered by RemixServer, its body being `body` inside the islands context `islands`. */
async function render(path: string, islands: boolean, body: () => ReactNode) {
  const dataRoutes = [
    {
      id: "root",
      path: "/",
      children: [
        { id: "routes/index", index: true },
        { id: "routes/page", path: "*" },
      ],
    },
  ];
  const staticHandlerContext = await createStaticHandler(dataRoutes).query(new Request(`http://firm.test${path}`));
  if (staticHandlerContext instanceof Response) throw new Error("unexpected response");
  const page = () => h(IslandsDocumentContext.Provider, { value: islands ? { renderOnce: null } : null }, body());
  const context = {
    manifest: {
      routes: {
        root: { id: "root", path: "", hasLoader: false },
        "routes/index": { id: "routes/index", parentId: "root", index: true, hasLoader: false },
        "routes/page": { id: "routes/page", parentId: "root", path: "*", hasLoader: false },
      },
      entry: { module: "/entry.js", imports: [] },
      url: "/manifest.js",
      version: "1",
    },
    routeModules: {
      root: { default: () => h("main", null, h(Outlet)) },
      "routes/index": { default: page },
      "routes/page": { default: page },
    },
    staticHandlerContext,
    future: { v3_singleFetch: true },
    isSpaMode: false,
    serverHandoffString: "{}",
    criticalCss: undefined,
  };
  const html = renderToString(h(RemixServer, { context: context as never, url: `http://firm.test${path}` }));
  return /<main>(.*)<\/main>/s.exec(html)?.[1] ?? html;
}

const both = async (path: string, body: () => ReactNode) => ({
  plain: await render(path, true, body),
  remix: await render(path, false, body),
});

/** One test per case: the plain link's HTML is the HTML Remix's own renders, for that path and element. */
function rendersAsRemix(component: string, cases: Array<[string, string, () => ReactNode]>) {
  for (const [name, path, body] of cases) {
    it(`renders what Remix's ${component} renders: ${name}`, async () => {
      const { plain, remix } = await both(path, body);
      expect(plain).toBe(remix);
      expect(plain).toMatch(/^<a /);
    });
  }
}

describe("Link on an islands document", () => {
  const cases: Array<[string, string, () => ReactNode]> = [
    [
      "an absolute path with a class and a label",
      "/about",
      () => h(Link, { to: "/blogs", className: "brand", "aria-label": "Home" }, "Blogs"),
    ],
    ["a path with a search and a hash", "/", () => h(Link, { to: "/blogs?page=2#top", rel: "next" }, "Next")],
    [
      "a search on the current page",
      "/blogs",
      () => h(Link, { to: "?page=3", rel: "next", className: "button" }, "More"),
    ],
    ["a document reload", "/", () => h(Link, { to: "/logout", reloadDocument: true }, "Leave")],
    ["no discovery", "/", () => h(Link, { to: "/team", discover: "none" }, "Team")],
    ["a target", "/", () => h(Link, { to: "/files/a.pdf", target: "_blank", rel: "noopener" }, "PDF")],
    [
      "prefetching and router-only props",
      "/",
      () =>
        h(Link, { to: "/blogs", prefetch: "intent", replace: true, preventScrollReset: true, state: { a: 1 } }, "x"),
    ],
    ["a relative path (Remix's link)", "/blogs/a", () => h(Link, { to: "../team" }, "Team")],
    ["a path object (Remix's link)", "/", () => h(Link, { to: { pathname: "/blogs", search: "?page=2" } }, "Blogs")],
  ];
  rendersAsRemix("link", cases);

  it("writes the path, data-discover and the caller's attributes", async () => {
    expect(await render("/blogs", true, () => h(Link, { to: "?page=2", className: "button" }, "2"))).toBe(
      '<a class="button" data-discover="true" href="/blogs?page=2">2</a>',
    );
  });
});

describe("NavLink on an islands document", () => {
  const cases: Array<[string, string, () => ReactNode]> = [
    [
      "the home link on another page (end)",
      "/about",
      () => h(NavLink, { to: "/", end: true, prefetch: "intent" }, "Home"),
    ],
    ["the home link on the home page", "/", () => h(NavLink, { to: "/", end: true }, "Home")],
    ["a section link below its path", "/blogs/some-article", () => h(NavLink, { to: "/blogs" }, "Blogs")],
    [
      "a section link with end below its path",
      "/blogs/some-article",
      () => h(NavLink, { to: "/blogs", end: true }, "Blogs"),
    ],
    ["another case", "/BLOGS", () => h(NavLink, { to: "/blogs" }, "Blogs")],
    ["case-sensitive", "/BLOGS", () => h(NavLink, { to: "/blogs", caseSensitive: true }, "Blogs")],
    ["a trailing slash", "/blogs/x", () => h(NavLink, { to: "/blogs/" }, "Blogs")],
    ["a path that only starts the same", "/blogsx", () => h(NavLink, { to: "/blogs" }, "Blogs")],
    ["a class", "/login", () => h(NavLink, { to: "/login", className: "button button--primary" }, "Sign in")],
    [
      "class, style and children as functions",
      "/team",
      () =>
        h(NavLink, {
          to: "/team",
          className: ({ isActive }) => (isActive ? "on" : "off"),
          style: ({ isActive }) => ({ fontWeight: isActive ? 700 : 400 }),
          id: "team",
          children: ({ isActive }) => (isActive ? "Team (here)" : "Team"),
        }),
    ],
    ["aria-current set by the caller", "/team", () => h(NavLink, { to: "/team", "aria-current": "location" }, "Team")],
    ["a search on the current page", "/blogs", () => h(NavLink, { to: "?page=2" }, "2")],
  ];
  rendersAsRemix("NavLink", cases);

  it("marks the current section active", async () => {
    expect(await render("/blogs/a", true, () => h(NavLink, { to: "/blogs" }, "Blogs"))).toBe(
      '<a data-discover="true" aria-current="page" class="active" href="/blogs">Blogs</a>',
    );
    expect(await render("/about", true, () => h(NavLink, { to: "/", end: true }, "Home"))).toBe(
      '<a data-discover="true" class="" href="/">Home</a>',
    );
  });
});
