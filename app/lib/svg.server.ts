/**
 * Whether an uploaded SVG is safe to serve from the site's own origin as a picture. The file is parsed
 * as XML (@xmldom/xmldom: namespaces and character references resolved), so what is checked is what a
 * browser would see; every element must be an SVG element on the allow-list and every attribute a plain
 * presentation attribute: no script in any namespace, no event handlers, no links or references outside
 * the file, no `url()` other than a fragment of the file itself. Doctypes (entities) and processing
 * instructions (`xml-stylesheet`) are refused outright.
 */
import { DOMParser, type Element, type Node } from "@xmldom/xmldom";

const SVG_NS = "http://www.w3.org/2000/svg";
const XLINK_NS = "http://www.w3.org/1999/xlink";
const XML_NS = "http://www.w3.org/XML/1998/namespace";
const XMLNS_NS = "http://www.w3.org/2000/xmlns/";

const ELEMENTS = new Set(
  [
    "svg",
    "g",
    "defs",
    "symbol",
    "use",
    "title",
    "desc",
    "metadata",
    "style",
    "path",
    "rect",
    "circle",
    "ellipse",
    "line",
    "polyline",
    "polygon",
    "text",
    "tspan",
    "textPath",
    "linearGradient",
    "radialGradient",
    "stop",
    "pattern",
    "clipPath",
    "mask",
    "marker",
    "filter",
    "feBlend",
    "feColorMatrix",
    "feComponentTransfer",
    "feComposite",
    "feFlood",
    "feGaussianBlur",
    "feMerge",
    "feMergeNode",
    "feOffset",
    "feFuncA",
    "feFuncB",
    "feFuncG",
    "feFuncR",
  ].map((name) => name.toLowerCase()),
);

/** A CSS `url(...)` or `@import` that is not a fragment of this file (`url(#id)`). */
const OUTSIDE_CSS_REFERENCE = /@import|url\(\s*(?!["']?#)/i;

const NODE = { ELEMENT: 1, TEXT: 3, CDATA: 4, PI: 7, COMMENT: 8, DOCTYPE: 10 } as const;

function attributeAllowed(element: Element, index: number): boolean {
  const attribute = element.attributes.item(index)!;
  const name = attribute.localName ?? attribute.name;
  const value = attribute.value;
  const ns = attribute.namespaceURI;
  if (ns === XMLNS_NS || attribute.name === "xmlns") return value === SVG_NS || value === XLINK_NS;
  if (ns !== null && ns !== XLINK_NS && ns !== XML_NS) return false;
  if (/^on/i.test(name)) return false;
  // Links and references stay inside the file: `#id` only (the parser has already resolved `&#104;`).
  if (name.toLowerCase() === "href" || name.toLowerCase() === "src") return /^#[\w.-]*$/.test(value.trim());
  return !OUTSIDE_CSS_REFERENCE.test(value);
}

function nodeAllowed(node: Node): boolean {
  switch (node.nodeType) {
    case NODE.TEXT:
    case NODE.COMMENT:
      return true;
    case NODE.CDATA:
      return !OUTSIDE_CSS_REFERENCE.test(node.nodeValue ?? "");
    case NODE.ELEMENT: {
      const element = node as Element;
      if (element.namespaceURI !== SVG_NS || !ELEMENTS.has((element.localName ?? "").toLowerCase())) return false;
      for (let i = 0; i < element.attributes.length; i++) if (!attributeAllowed(element, i)) return false;
      if (element.localName === "style" && OUTSIDE_CSS_REFERENCE.test(element.textContent ?? "")) return false;
      for (let child = element.firstChild; child; child = child.nextSibling) if (!nodeAllowed(child)) return false;
      return true;
    }
    default:
      // Doctypes (entity declarations), processing instructions (xml-stylesheet) and anything else.
      return false;
  }
}

export function isSafeSvg(bytes: Uint8Array): boolean {
  const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, "");
  let broken = false;
  let document;
  try {
    document = new DOMParser({ onError: () => (broken = true) }).parseFromString(text, "image/svg+xml");
  } catch {
    return false;
  }
  if (broken || !document.documentElement || document.documentElement.localName !== "svg") return false;
  for (let child = document.firstChild; child; child = child.nextSibling) {
    // Besides the root: the XML declaration and comments only (no doctype, no xml-stylesheet).
    const declaration = child.nodeType === NODE.PI && child.nodeName === "xml";
    if (child !== document.documentElement && child.nodeType !== NODE.COMMENT && !declaration) return false;
  }
  return nodeAllowed(document.documentElement);
}
