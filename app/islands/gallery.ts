import { makeModal } from "./modal";

type GalleryImage = { src: string; alt: string; width: string; height: string; caption: string };

/**
 * An element with its attributes and children (the markup the React Lightbox renders, so app.css
 * applies). appendChild, not append: @cloudflare/workers-types' HTMLRewriter `Element` shadows the
 * DOM's ParentNode.append in this project's types.
 */
function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  for (const child of children) node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
  return node;
}

/**
 * The about gallery's lightbox without React (Gallery and Lightbox in
 * app/features/site-images/components/gallery.tsx): a thumbnail click opens it, the arrow keys and
 * buttons move, Escape, Close or a click on the backdrop close it, focus stays inside and returns to
 * the thumbnail. The images are read from the server-rendered list: each link's href is the full
 * image, its thumbnail carries the alt text and stored size, the figcaption the caption.
 */
export function enhanceGallery(list: HTMLElement) {
  // One listener on the list, the images read when it is clicked: a React page that renders more
  // images later (Gallery's effect calls this once) gets them too.
  list.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a.gallery__link") : null;
    if (!link || !list.contains(link)) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    const links = Array.from(list.querySelectorAll<HTMLAnchorElement>("a.gallery__link"));
    open(list, links.map(imageOf), links.indexOf(link), link);
  });
}

function imageOf(link: HTMLAnchorElement): GalleryImage {
  const thumbnail = link.querySelector("img");
  return {
    src: link.getAttribute("href") ?? "",
    alt: thumbnail?.alt ?? "",
    width: thumbnail?.getAttribute("width") ?? "",
    height: thumbnail?.getAttribute("height") ?? "",
    caption: link.closest("figure")?.querySelector("figcaption")?.textContent ?? "",
  };
}

/** The lightbox over `images` from `start`, placed after the list; focus returns to `opener`. */
function open(list: HTMLElement, images: GalleryImage[], start: number, opener: HTMLElement) {
  let index = start;
  const img = element("img");
  const count = element("span", { class: "lightbox__count" });
  const captionText = document.createTextNode("");
  const previousButton = element("button", { type: "button", class: "button button--light" }, "← Previous");
  const closeButton = element(
    "button",
    { type: "button", class: "button button--gold", "data-autofocus": "" },
    "Close",
  );
  const nextButton = element("button", { type: "button", class: "button button--light" }, "Next →");
  const dialog = element(
    "div",
    { class: "lightbox__dialog", role: "dialog", "aria-modal": "true", "aria-label": "Gallery image viewer" },
    element(
      "figure",
      { class: "lightbox__figure" },
      img,
      element("figcaption", { "aria-live": "polite" }, count, captionText),
    ),
    element("div", { class: "lightbox__controls" }, previousButton, closeButton, nextButton),
  );
  const backdrop = element("div", { class: "lightbox" }, dialog);

  const show = (next: number) => {
    index = (next + images.length) % images.length;
    const image = images[index]!;
    img.src = image.src;
    img.alt = image.alt;
    img.setAttribute("width", image.width);
    img.setAttribute("height", image.height);
    count.textContent = `Image ${index + 1} of ${images.length}`;
    captionText.data = `: ${image.caption}`;
  };
  const onArrow = (event: KeyboardEvent) => {
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      show(index - 1);
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      show(index + 1);
    }
  };
  const close = () => {
    document.removeEventListener("keydown", onArrow);
    release();
    backdrop.remove();
    opener.focus();
  };

  show(index);
  previousButton.addEventListener("click", () => show(index - 1));
  nextButton.addEventListener("click", () => show(index + 1));
  closeButton.addEventListener("click", close);
  backdrop.addEventListener("click", (event) => event.target === backdrop && close());
  document.addEventListener("keydown", onArrow);
  list.parentNode?.insertBefore(backdrop, list.nextSibling);
  const release = makeModal(dialog, { onEscape: close });
}
