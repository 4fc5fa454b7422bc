/**
 * A <details> disclosure (the header's menu, the quick-contact dial) that Escape closes, returning focus
 * to its summary. Keys are heard on `scope`: the menu listens to itself, the dial to the whole document
 * (it closes wherever focus is). Used by the islands bundle and by SiteHeader and ContactDial's effects
 * on a hydrated page; returns the function that stops listening.
 */
export function closeOnEscape(details: HTMLDetailsElement, scope: HTMLElement | Document = details): () => void {
  const onKeyDown = (event: Event) => {
    if ((event as KeyboardEvent).key === "Escape" && details.open) {
      details.open = false;
      details.querySelector("summary")?.focus();
    }
  };
  scope.addEventListener("keydown", onKeyDown);
  return () => scope.removeEventListener("keydown", onKeyDown);
}
