/**
 * Per-route hydration, to keep public pages within the JS budget. A route whose page has no behaviour beyond links,
 * plain forms and the site shell's disclosures exports `handle = NO_HYDRATION`: a first visit to it
 * (a document request) then loads no React at all, only the islands bundle (app/islands), whose
 * vanilla enhancers do what the shell's and the gallery's React effects do. A client-side navigation
 * from a hydrated page still renders the route with React, so its components stay as they are.
 */
export type HydrationHandle = {
  /**
   * false: the page works without React on a first visit; true: it needs React even if a parent opts out.
   * A function decides per page from the route's loader data (e.g. staff get the forms a visitor never
   * sees): true hydrates, false loads the islands only.
   */
  hydrate?: boolean | ((data: unknown) => boolean);
};

export const NO_HYDRATION = { hydrate: false } as const satisfies HydrationHandle;

function hydrateFlag({ handle, data }: { handle?: unknown; data?: unknown }): boolean | undefined {
  if (typeof handle !== "object" || handle === null || !("hydrate" in handle)) return undefined;
  const { hydrate } = handle;
  if (typeof hydrate === "function") return (hydrate as (data: unknown) => unknown)(data) === true;
  return typeof hydrate === "boolean" ? hydrate : undefined;
}

/** Whether a document of these matched routes loads the islands bundle instead of hydrating React. */
export function islandsOnly(matches: ReadonlyArray<{ handle?: unknown; data?: unknown }>): boolean {
  const flags = matches.map(hydrateFlag);
  return flags.includes(false) && !flags.includes(true);
}

/**
 * The `clientLoader` of a NO_HYDRATION route whose page has no React behaviour left (its behaviour is
 * its islands, e.g. the home page and /consultation): a client-side navigation to it from a hydrated
 * page becomes a document load, so the page always runs as its islands expect and its React component
 * can be markup only. The promise never settles: the browser leaves the page.
 */
export function loadAsDocument({ request }: { request: Request }): Promise<never> {
  window.location.assign(request.url);
  return new Promise<never>(() => {});
}
