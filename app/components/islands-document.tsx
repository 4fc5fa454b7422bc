import { createContext, useContext, type ReactElement } from "react";

/**
 * Whether this document loads the islands bundle instead of hydrating React. The server decides it once
 * per document (app/entry.server.tsx, from `islandsOnly`); in the browser it is false, since React only
 * runs there on a hydrated document, whose client-side navigations keep <Scripts/>.
 */
export const IslandsDocumentContext = createContext(false);
export const useIslandsDocument = () => useContext(IslandsDocumentContext);

/**
 * On an islands document, the server's way to render a part that is the same on every request once per
 * isolate and key (app/entry.server.tsx provides it: decision 109); null on a hydrated document, where
 * React needs the part's elements to hydrate them, and in the browser.
 */
export const RenderOnceContext = createContext<((key: string, render: () => ReactElement) => string) | null>(null);

/**
 * What `render` renders, as HTML rendered once per isolate and `key`, on an islands document; null on any
 * other, where the caller renders the elements itself. The key names everything the part depends on (a
 * build's constants need no key; the year does). The part renders outside the router: its links must be
 * absolute paths (app/components/link.tsx renders those without the router on an islands document).
 */
export function useRenderedOnce(key: string, render: () => ReactElement): string | null {
  const renderOnce = useContext(RenderOnceContext);
  return renderOnce ? renderOnce(key, render) : null;
}
