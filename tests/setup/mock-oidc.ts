// The integration tests talk to a local OpenID provider instead of Google.
import { startMockOidc } from "../fixtures/mock-oidc.mjs";

export default async function setup() {
  const server = await startMockOidc(9411);
  return () => server.close();
}
