// The integration tests talk to a local OpenID provider instead of Google.
import type { TestProject } from "vitest/node";
import { startMockOidc } from "../fixtures/mock-oidc.mjs";

export default async function setup(project: TestProject) {
  // The port the config pointed the app at (tests/oidc-port.mjs, MOCK_OIDC_PORT).
  const jwksUrl = (
    project.config.poolOptions?.workers as { miniflare?: { bindings?: Record<string, string> } } | undefined
  )?.miniflare?.bindings?.GOOGLE_JWKS_URL;
  const server = await startMockOidc(Number(new URL(jwksUrl ?? "http://127.0.0.1:9411").port));
  return () => server.close();
}
