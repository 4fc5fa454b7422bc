/**
 * Where a staff form's save leads (the mechanism /admin/blogs and /admin/testimonials started):
 * the page again with `done` (what happened, for the notice) and `saved` (the saved item's id: the
 * page's loader looks it up, so the notice names it and links to it). After an edit the page keeps
 * the saved item in its edit form (`edit`), so the form shows the values as stored.
 */
export function savedLocation(basePath: string, done: string, id: string, { edit = false } = {}): string {
  const params = new URLSearchParams();
  if (edit) params.set("edit", id);
  params.set("done", done);
  params.set("saved", id);
  return `${basePath}?${params}`;
}

/** The id a save's redirect named (`savedLocation`), for the loader to look the item up. */
export function savedId(url: URL): string | null {
  return url.searchParams.get("saved") || null;
}
