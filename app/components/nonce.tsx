import { createContext, useContext } from "react";

/** The per-request CSP nonce, for the few inline scripts the document needs. */
export const NonceContext = createContext<string>("");
export const useNonce = () => useContext(NonceContext);
