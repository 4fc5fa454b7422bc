// The contract tests' client: requests as the spec's own client sends them
// (JSON by default, multipart for files, `Authorization: Bearer {token}`),
// each simulated client with its own address, and a snapshot of everything
// stored (D1 and R2) to prove that a refused request changed nothing.
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { apiTokenFor, appFetch } from "../../helpers";

let address = 0;
/** A fresh client address (rate limits key on CF-Connecting-IP). */
export function clientIp() {
  address += 1;
  return `198.18.${Math.floor(address / 250)}.${(address % 250) + 1}`;
}

export type Client = { token?: string; ip: string };

export function anonymous(): Client {
  return { ip: clientIp() };
}

function headersFor(client: Client, extra: Record<string, string> = {}) {
  return {
    "CF-Connecting-IP": client.ip,
    ...(client.token ? { Authorization: `Bearer ${client.token}` } : {}),
    ...extra,
  };
}

/** A JSON request (the spec client's default content type). */
export function callJson(client: Client, method: string, path: string, body?: unknown) {
  return appFetch(`/api${path}`, {
    method,
    headers: headersFor(client, body === undefined ? {} : { "Content-Type": "application/json" }),
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** A multipart request (the spec client's file uploads). */
export function callForm(client: Client, method: string, path: string, fields: Record<string, string | File>) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return appFetch(`/api${path}`, { method, headers: headersFor(client), body: form });
}

/** Register through the API and return a client holding the token, with the token's claims. */
export async function register(fullName: string, email: string, password = "a long contract passphrase") {
  const client = anonymous();
  const response = await callJson(client, "POST", "/auth/register", { fullName, email, password });
  expect(response.status, await response.clone().text()).toBe(201);
  const { token } = (await response.json()) as { token: string };
  return { ...client, token, password, claims: claimsOf(token) };
}

/** Log in through the API (a fresh address) and return a client holding the token. */
export async function login(email: string, password: string): Promise<Client & { claims: TokenClaims }> {
  const client = anonymous();
  const response = await callJson(client, "POST", "/auth/login", { email, password });
  expect(response.status, await response.clone().text()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  return { ...client, token, claims: claimsOf(token) };
}

/** A client (a fresh address) holding a token for a stored user, minted without the login endpoint. */
export async function signedIn(email: string): Promise<Client & { claims: TokenClaims }> {
  const token = await apiTokenFor(email);
  return { ...anonymous(), token, claims: claimsOf(token) };
}

export type TokenClaims = { id: string; sub: string; email: string; role: string; fullName: string; exp: number };

/** What the spec's client does with a token: decode its payload (base64url JSON). */
export function claimsOf(token: string): TokenClaims {
  const payload = token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/");
  return JSON.parse(atob(payload)) as TokenClaims;
}

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part)));

export const files = {
  pdf: (name = "document.pdf") =>
    new File([bytes("%PDF-1.4\n% contract test\n%%EOF\n")], name, { type: "application/pdf" }),
  png: (name = "picture.png") =>
    new File([bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "not really pixels")], name, {
      type: "image/png",
    }),
  /** Text pretending to be the named type: refused by content. */
  fake: (name: string, type: string) => new File([bytes("just some text")], name, { type }),
};

/** Tables whose rows may change on a refused request: the abuse counters count refused attempts too. */
const COUNTING_TABLES = new Set(["rate_limits"]);

/** Every stored row (every table but the counters) and every R2 key. */
export async function storedState() {
  const tables = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name != 'd1_migrations' ORDER BY name",
  ).all<{ name: string }>();
  // One round trip for every table (a refused request is checked against two snapshots).
  const names = tables.results.map(({ name }) => name).filter((name) => !COUNTING_TABLES.has(name));
  const results = await env.DB.batch(names.map((name) => env.DB.prepare(`SELECT * FROM "${name}" ORDER BY rowid`)));
  const rows = Object.fromEntries(names.map((name, index) => [name, results[index]!.results]));
  const objects = (await env.UPLOADS.list()).objects.map((object) => object.key).sort();
  return { rows, objects };
}

/** Send a request that must be refused with `status`, and prove nothing stored changed. */
export async function expectRefusedWithoutTrace(label: string, status: number, send: () => Promise<Response>) {
  const before = await storedState();
  const response = await send();
  const body = await response.text();
  expect(response.status, `${label}: ${body}`).toBe(status);
  expect(response.headers.get("Content-Type"), label).toContain("application/json");
  const parsed = JSON.parse(body) as { message?: unknown };
  expect(typeof parsed.message, `${label} has a message`).toBe("string");
  expect(await storedState(), `${label} left a trace`).toEqual(before);
  return parsed;
}
