// The local OpenID provider's port (tests/fixtures/mock-oidc.mjs), and the
// Google settings that point the app at it. MOCK_OIDC_PORT lets several test
// runs share a machine.
export const mockOidcPort = Number(process.env.MOCK_OIDC_PORT || 9411);

export function googleTestVars(port = mockOidcPort) {
  const base = `http://127.0.0.1:${port}`;
  return {
    GOOGLE_AUTH_URL: `${base}/authorize`,
    GOOGLE_TOKEN_URL: `${base}/token`,
    GOOGLE_JWKS_URL: `${base}/jwks`,
    GOOGLE_ISSUER: base,
  };
}
