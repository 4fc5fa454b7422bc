// The integration tests talk to a local OpenID provider instead of Google. One server for the
// whole run (a root-level globalSetup), on the port every workers project points the app at.
import { startMockOidc } from "../fixtures/mock-oidc.mjs";
import { mockOidcPort } from "../oidc-port.mjs";

export default async function setup() {
  const server = await startMockOidc(mockOidcPort);
  return () => server.close();
}
