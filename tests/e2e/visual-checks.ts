/**
 * The visual checks, run in the browser on a loaded page (page.evaluate serialises the function, so it
 * must not use anything from outside its own body). Each returns human-readable defects; none is the goal.
 */
import type { Page } from "@playwright/test";

export type VisualDefects = {
  distortedImages: string[];
  brokenImages: string[];
  overlappingControls: string[];
  horizontalScroll: string[];
  dialOverText: string[];
};

/** Loads every image now (lazy ones too), so their natural sizes are known, and waits for the fonts. */
export async function loadAllImages(page: Page) {
  await page.evaluate(async () => {
    const images = [...document.images];
    for (const image of images) if (image.loading === "lazy") image.loading = "eager";
    await Promise.all(
      images.map((image) =>
        image.complete
          ? null
          : new Promise((resolve) => {
              image.addEventListener("load", resolve, { once: true });
              image.addEventListener("error", resolve, { once: true });
            }),
      ),
    );
    await document.fonts.ready;
  });
}

export async function findVisualDefects(page: Page): Promise<VisualDefects> {
  return page.evaluate(async () => {
    const describe = (element: Element) => {
      const html = element as HTMLElement;
      const text = (html.getAttribute("aria-label") || html.innerText || html.getAttribute("alt") || "").trim();
      const id = element.id ? `#${element.id}` : "";
      const cls = typeof html.className === "string" && html.className ? `.${html.className.split(/\s+/)[0]}` : "";
      return `<${element.tagName.toLowerCase()}${id}${cls}> "${text.slice(0, 40).replace(/\s+/g, " ")}"`;
    };
    const visible = (element: Element) => element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
    const intersect = (a: DOMRect, b: DOMRect, slack = 1) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > slack &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > slack;
    const docWidth = document.documentElement.clientWidth;
    /** On screen (not moved off it like the skip link or the form's trap field) and larger than a clipped 1px box. */
    const onScreen = (rect: DOMRect) =>
      rect.width > 2 && rect.height > 2 && rect.right > 0 && rect.left < docWidth && rect.bottom > -window.scrollY;

    // 1. Images: rendered at their natural aspect ratio (object-fit other than 'fill' never distorts), and loaded.
    const distortedImages: string[] = [];
    const brokenImages: string[] = [];
    for (const image of document.images) {
      if (!visible(image)) continue;
      const rect = image.getBoundingClientRect();
      if (!onScreen(rect)) continue;
      if (image.naturalWidth === 0 || image.naturalHeight === 0) {
        brokenImages.push(`${describe(image)} ${image.currentSrc || image.src}`);
        continue;
      }
      const style = getComputedStyle(image);
      if (style.objectFit !== "fill") continue;
      const width =
        rect.width -
        parseFloat(style.paddingLeft) -
        parseFloat(style.paddingRight) -
        parseFloat(style.borderLeftWidth) -
        parseFloat(style.borderRightWidth);
      const height =
        rect.height -
        parseFloat(style.paddingTop) -
        parseFloat(style.paddingBottom) -
        parseFloat(style.borderTopWidth) -
        parseFloat(style.borderBottomWidth);
      const rendered = width / height;
      const natural = image.naturalWidth / image.naturalHeight;
      if (Math.abs(rendered / natural - 1) > 0.02)
        distortedImages.push(
          `${describe(image)} ${image.currentSrc || image.src}: rendered ${width.toFixed(0)}×${height.toFixed(0)}, natural ${image.naturalWidth}×${image.naturalHeight}`,
        );
    }

    // 2. No two visible interactive elements overlap (one inside the other, like a label's input, is not overlap).
    const controls = [
      ...document.querySelectorAll(
        "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [tabindex]:not([tabindex='-1'])",
      ),
    ].filter((element) => visible(element) && !element.closest("[inert]"));
    // While a modal dialog is open, only its own controls can be used.
    const modal = [...document.querySelectorAll("dialog")].find((dialog) => dialog.matches(":modal"));
    if (modal) controls.splice(0, controls.length, ...controls.filter((element) => modal.contains(element)));
    const boxes = controls.map((element) => ({
      element,
      rects: [...element.getClientRects()].filter(onScreen),
    }));
    const overlappingControls: string[] = [];
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        if (a.element.contains(b.element) || b.element.contains(a.element)) continue;
        if (a.rects.some((ra) => b.rects.some((rb) => intersect(ra, rb))))
          overlappingControls.push(`${describe(a.element)} overlaps ${describe(b.element)}`);
      }
    }

    // 3. No horizontal scroll.
    const horizontalScroll: string[] = [];
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > docWidth) {
      const wide = [...document.body.querySelectorAll("*")]
        .filter((element) => visible(element) && element.getBoundingClientRect().right > docWidth + 0.5)
        .slice(0, 5)
        .map(describe);
      horizontalScroll.push(`page is ${scrollWidth}px wide in a ${docWidth}px viewport: ${wide.join(", ")}`);
    }

    // 4. The quick-contact dial covers no text, wherever the page is scrolled (it may float).
    const dialOverText: string[] = [];
    const dial = document.querySelector(".contact-dial");
    if (dial) {
      const textNodes: Text[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || !node.textContent?.trim() || dial.contains(parent) || !visible(parent)) continue;
        // Text inside other fixed or sticky furniture (the header) moves with it, not under the dial.
        let fixed = false;
        for (let up: Element | null = parent; up; up = up.parentElement) {
          const position = getComputedStyle(up).position;
          if (position === "fixed" || position === "sticky") fixed = true;
        }
        if (!fixed) textNodes.push(node as Text);
      }
      const floating = getComputedStyle(dial).position === "fixed";
      const max = document.documentElement.scrollHeight - window.innerHeight;
      const positions = floating
        ? [...Array(Math.ceil(max / window.innerHeight) + 1).keys()].map((k) => Math.min(max, k * window.innerHeight))
        : [0];
      const seen = new Set<Text>();
      for (const y of positions) {
        window.scrollTo(0, y);
        await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
        const dialRect = dial.getBoundingClientRect();
        for (const node of textNodes) {
          if (seen.has(node)) continue;
          const range = document.createRange();
          range.selectNodeContents(node);
          if ([...range.getClientRects()].some((rect) => intersect(rect, dialRect, 0))) {
            seen.add(node);
            dialOverText.push(
              `at scroll ${y}px: "${node.textContent!.trim().slice(0, 40)}" in ${describe(node.parentElement!)}`,
            );
          }
        }
      }
      window.scrollTo(0, 0);
    }

    return { distortedImages, brokenImages, overlappingControls, horizontalScroll, dialOverText };
  });
}
