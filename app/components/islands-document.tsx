import { createContext, useContext } from "react";

/**
 * Whether this document loads the islands bundle instead of hydrating React. The server decides it once
 * per document (app/entry.server.tsx, from `islandsOnly`); in the browser it is false, since React only
 * runs there on a hydrated document, whose client-side navigations keep <Scripts/>.
 */
export const IslandsDocumentContext = createContext(false);
export const useIslandsDocument = () => useContext(IslandsDocumentContext);
