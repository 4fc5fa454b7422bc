/**
 * Remix's cookies and session storages, signed with HMAC keys imported once per isolate and secret.
 * `@remix-run/cloudflare` imports the key again for every cookie it signs or reads; Remix's own factories
 * take the signing functions, so the app passes these. Same format as Remix's (`value.base64(HMAC-SHA256)`,
 * padding trimmed), so cookies signed before still read.
 */
import {
  createCookieFactory,
  createCookieSessionStorageFactory,
  createSessionStorageFactory,
  type SignFunction,
  type UnsignFunction,
} from "@remix-run/server-runtime";

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string, usage: "sign" | "verify"): Promise<CryptoKey> {
  const id = `${usage}:${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [usage]);
    keys.set(id, key);
    // A failed import is not kept: the next call tries again.
    key.catch(() => keys.delete(id));
  }
  return key;
}

const sign: SignFunction = async (value, secret) => {
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(secret, "sign"), encoder.encode(value));
  return `${value}.${btoa(String.fromCharCode(...new Uint8Array(signature))).replace(/=+$/, "")}`;
};

const unsign: UnsignFunction = async (signed, secret) => {
  const index = signed.lastIndexOf(".");
  const value = signed.slice(0, index);
  let signature: Uint8Array<ArrayBuffer>;
  try {
    signature = Uint8Array.from(atob(signed.slice(index + 1)), (c) => c.charCodeAt(0));
  } catch {
    return false; // not base64: not our signature
  }
  const valid = await crypto.subtle.verify("HMAC", await hmacKey(secret, "verify"), signature, encoder.encode(value));
  return valid ? value : false;
};

export const createCookie = createCookieFactory({ sign, unsign });
export const createSessionStorage = createSessionStorageFactory(createCookie);
export const createCookieSessionStorage = createCookieSessionStorageFactory(createCookie);
