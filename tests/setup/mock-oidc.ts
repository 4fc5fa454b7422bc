// The integration tests talk to a local OpenID provider instead of Google.
import { startMockOidc } from "../fixtures/mock-oidc.mjs";
import { mockOidcPort } from "../oidc-port.mjs";

export default async function setup() {
  const server = await startMockOidc(mockOidcPort);
  return () => server.close();
}
