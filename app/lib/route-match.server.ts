/**
 * Which route a URL belongs to, for the request log: the Remix build's route
 * manifest matched with React Router's own matcher (the one Remix uses), so
 * the id is exactly the route module that answered.
 */
import { matchRoutes } from "@remix-run/react";
import type { ServerBuild } from "@remix-run/cloudflare";

type Manifest = ServerBuild["routes"];
type IdRoute = NonNullable<Parameters<typeof matchRoutes>[0]>[number] & { id: string };

const trees = new WeakMap<Manifest, IdRoute[]>();

function routeTree(manifest: Manifest, parentId?: string): IdRoute[] {
  return Object.values(manifest)
    .filter((route) => route && route.parentId === parentId)
    .map((route) => {
      const children = routeTree(manifest, route!.id);
      return route!.index
        ? ({ id: route!.id, path: route!.path, index: true } as IdRoute)
        : ({ id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive, children } as IdRoute);
    });
}

export type RouteMatch = { id: string; params: Record<string, string | undefined> };

/** The deepest route matching the pathname (single-fetch `.data` URLs map to their page). */
export function matchRoute(manifest: Manifest, pathname: string): RouteMatch | null {
  let tree = trees.get(manifest);
  if (!tree) {
    tree = routeTree(manifest);
    trees.set(manifest, tree);
  }
  const pagePath = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
  try {
    decodeURI(pagePath);
  } catch {
    return null; // a malformed path: Remix answers it (and warns about it) itself
  }
  const matches = matchRoutes(tree, pagePath);
  const leaf = matches?.at(-1);
  if (!leaf) return null;
  return { id: (leaf.route as IdRoute).id, params: leaf.params };
}
