// The route-matching backport (patches/@remix-run+router+1.23.3.patch, patches/README.md): on the server a
// route tree is flattened and ranked once per array, and matching answers exactly as before.
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { describe, expect, it } from "vitest";

/** A small tree like Remix's, whose `path` reads are counted (flattening reads every route's path). */
function countedTree() {
  let reads = 0;
  const route = (id: string, path: string | undefined, children?: AgnosticRouteObject[], index = false) => {
    const object = { id, index, ...(children ? { children } : {}) } as AgnosticRouteObject;
    Object.defineProperty(object, "path", {
      enumerable: true,
      get: () => {
        reads++;
        return path;
      },
    });
    return object;
  };
  const routes = [
    route("root", "", [
      route("home", undefined, undefined, true),
      route("about", "about"),
      route("blogs", "blogs", [route("blogs-index", undefined, undefined, true), route("article", ":slug")]),
      route("splat", "*"),
    ]),
  ];
  return { routes, reads: () => reads };
}

const ids = (matches: ReturnType<typeof matchRoutes>) => matches?.map((match) => match.route.id) ?? null;

describe("route matching on the server", () => {
  it("flattens a route tree once and reuses it", () => {
    const tree = countedTree();
    expect(ids(matchRoutes(tree.routes, "/about"))).toEqual(["root", "about"]);
    const afterFirst = tree.reads();
    expect(afterFirst).toBeGreaterThan(0);
    expect(ids(matchRoutes(tree.routes, "/blogs"))).toEqual(["root", "blogs", "blogs-index"]);
    expect(tree.reads(), "the second match flattened the tree again").toBe(afterFirst);
  });

  it("answers as before: params per call, ranking, the splat, no match", () => {
    const { routes } = countedTree();
    const first = matchRoutes(routes, "/blogs/one-article");
    const second = matchRoutes(routes, "/blogs/another");
    expect(ids(first)).toEqual(["root", "blogs", "article"]);
    expect(first?.at(-1)?.params).toEqual({ slug: "one-article" });
    expect(second?.at(-1)?.params).toEqual({ slug: "another" });
    expect(ids(matchRoutes(routes, "/"))).toEqual(["root", "home"]);
    expect(ids(matchRoutes(routes, "/ABOUT/"))).toEqual(["root", "about"]);
    expect(matchRoutes(routes, "/no/such/page")?.at(-1)?.params).toEqual({ "*": "no/such/page" });
    expect(matchRoutes([{ id: "a", path: "a" }], "/b")).toBeNull();
  });

  it("a new tree is flattened on its own (no answers from another tree)", () => {
    const one = countedTree();
    const two = countedTree();
    matchRoutes(one.routes, "/about");
    expect(ids(matchRoutes(two.routes, "/about"))).toEqual(["root", "about"]);
    expect(two.reads()).toBeGreaterThan(0);
  });
});
