import {
  createContext,
  createElement,
  Fragment,
  useContext,
  type HTMLAttributes,
  type ReactElement,
  type ReactNode,
} from "react";

/**
 * A document that loads the islands bundle instead of hydrating React, as the server renders it: the
 * server decides it once per document (app/entry.server.tsx, from `islandsOnly`). `renderOnce` renders a
 * part that is the same on every request once per isolate and key (decision 109); it is null inside such a
 * part, which renders its own pieces in place.
 */
export type IslandsDocument = { renderOnce: ((key: string, render: () => ReactElement) => string) | null };

/**
 * The islands document being rendered, or null: a hydrated document, and the browser, where React only runs
 * on a hydrated document, whose client-side navigations keep <Scripts/>.
 */
export const IslandsDocumentContext = createContext<IslandsDocument | null>(null);
export const useIslandsDocument = () => useContext(IslandsDocumentContext) !== null;

/**
 * What `render` renders, as HTML rendered once per isolate and `key`, on an islands document; null on any
 * other (React needs the part's elements to hydrate them), where the caller renders the elements itself.
 * The key names everything the part depends on (a build's constants need no key; the year does). The part
 * renders outside the router: its links must be absolute paths (app/components/link.tsx renders those
 * without the router on an islands document).
 */
export function useRenderedOnce(key: string, render: () => ReactElement): string | null {
  const renderOnce = useContext(IslandsDocumentContext)?.renderOnce;
  return renderOnce ? renderOnce(key, render) : null;
}

/**
 * An element whose content is the same on every request: on an islands document its children are rendered
 * once per isolate and `cacheKey` (useRenderedOnce) and written as HTML inside the element; anywhere else
 * they render in place. The children must not depend on the request (no user, no current URL, no nonce):
 * the first request's are the ones kept.
 */
export function RenderedOnce({
  cacheKey,
  as = "div",
  children,
  ...attributes
}: { cacheKey: string; as?: "div" | "section" | "footer"; children: ReactNode } & HTMLAttributes<HTMLElement>) {
  const html = useRenderedOnce(cacheKey, () => createElement(Fragment, null, children));
  return html === null
    ? createElement(as, attributes, children)
    : createElement(as, { ...attributes, dangerouslySetInnerHTML: { __html: html } });
}
