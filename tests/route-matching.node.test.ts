// The route-matching patch (patches/@remix-run+router+*.patch, docs/decisions/092-render-cpu.md and
// 101-route-match-cache.md): on the server a route tree is flattened and ranked once, compiled patterns
// are reused, a pathname's matches are remembered per tree shape (Remix builds new arrays of the same
// tree per request), and matching answers exactly as before.
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

/** How many routes a tree has (the shape of a new array is read once: one `path` read per route). */
const ROUTES_IN_TREE = 7;

/** The same tree with one more route, /contact (a different shape). */
function treeWithContact() {
  const tree = countedTree();
  tree.routes[0]!.children!.splice(2, 0, { id: "contact", path: "contact" } as AgnosticRouteObject);
  return tree;
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

  it("a new array of the same tree (as Remix builds per request) gets the remembered matches on its own routes", () => {
    const one = countedTree();
    const first = matchRoutes(one.routes, "/blogs/first-article");
    const two = countedTree();
    const again = matchRoutes(two.routes, "/blogs/first-article");
    expect(ids(again)).toEqual(["root", "blogs", "article"]);
    expect(two.reads(), "the new array was flattened, not only its shape read").toBe(ROUTES_IN_TREE);
    expect(again?.map((match) => match.route)).toEqual([
      two.routes[0],
      two.routes[0]!.children![2],
      two.routes[0]!.children![2]!.children![1],
    ]);
    expect(again?.[2]?.route).toBe(two.routes[0]!.children![2]!.children![1]);
    expect(again?.map(({ params, pathname, pathnameBase }) => ({ params, pathname, pathnameBase }))).toEqual(
      first?.map(({ params, pathname, pathnameBase }) => ({ params, pathname, pathnameBase })),
    );
    // One params object for the whole match, as matchRouteBranch gives.
    expect(again?.[0]?.params).toBe(again?.[2]?.params);
  });

  it("a caller's changes to its matches do not reach the next caller", () => {
    const { routes } = countedTree();
    const first = matchRoutes(routes, "/blogs/kept-slug")!;
    (first[2]!.params as Record<string, string>).slug = "changed";
    first.pop();
    const second = matchRoutes(routes, "/blogs/kept-slug");
    expect(ids(second)).toEqual(["root", "blogs", "article"]);
    expect(second?.[2]?.params).toEqual({ slug: "kept-slug" });
  });

  it("a tree of another shape is matched on its own", () => {
    const { routes } = countedTree();
    expect(matchRoutes(routes, "/contact")?.at(-1)?.route.id).toBe("splat");
    expect(ids(matchRoutes(treeWithContact().routes, "/contact"))).toEqual(["root", "contact"]);
    expect(matchRoutes(countedTree().routes, "/contact")?.at(-1)?.route.id).toBe("splat");
  });

  it("no match is remembered as no match, and the cache stays right past its size", () => {
    const routes = [{ id: "a", path: "a" }];
    expect(matchRoutes(routes, "/b")).toBeNull();
    expect(matchRoutes([{ id: "a", path: "a" }], "/b")).toBeNull();
    const tree = countedTree();
    for (let i = 0; i < 1500; i++) matchRoutes(tree.routes, `/blogs/article-${i}`);
    expect(matchRoutes(tree.routes, "/blogs/article-3")?.at(-1)?.params).toEqual({ slug: "article-3" });
    expect(matchRoutes(tree.routes, "/blogs/article-1499")?.at(-1)?.params).toEqual({ slug: "article-1499" });
    expect(ids(matchRoutes(tree.routes, "/about"))).toEqual(["root", "about"]);
  });
});
