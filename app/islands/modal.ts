const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Makes an overlay modal (the disclaimer, the gallery lightbox): while it is open everything
 * outside it is inert, Tab and Shift+Tab cycle inside it and Escape calls `onEscape` (without one, as
 * for the disclaimer, Escape does nothing). Returns the function that releases it; the caller then
 * returns focus where it belongs.
 */
export function makeModal(root: HTMLElement, { onEscape }: { onEscape?: () => void } = {}): () => void {
  const madeInert: HTMLElement[] = [];
  for (let node: HTMLElement | null = root; node && node !== document.body; node = node.parentElement) {
    const parent: HTMLElement | null = node.parentElement;
    if (!parent) break;
    for (const sibling of Array.from(parent.children)) {
      if (sibling === node || !(sibling instanceof HTMLElement) || sibling.inert || sibling.tagName === "SCRIPT")
        continue;
      sibling.inert = true;
      madeInert.push(sibling);
    }
  }

  const focusables = () =>
    Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => element.offsetParent !== null);
  if (!root.contains(document.activeElement)) {
    (root.querySelector<HTMLElement>("[data-autofocus]") ?? focusables()[0] ?? root).focus();
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" && onEscape) {
      event.preventDefault();
      onEscape();
      return;
    }
    if (event.key !== "Tab") return;
    const items = focusables();
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const current = document.activeElement;
    if (event.shiftKey && (current === first || !root.contains(current))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (current === last || !root.contains(current))) {
      event.preventDefault();
      first.focus();
    }
  };
  document.addEventListener("keydown", onKeyDown);
  return () => {
    document.removeEventListener("keydown", onKeyDown);
    for (const element of madeInert) element.inert = false;
  };
}
