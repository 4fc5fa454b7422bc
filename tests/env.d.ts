declare module "cloudflare:test" {
  interface ProvidedEnv {
    DB: D1Database;
    UPLOADS: R2Bucket;
    TEST_MIGRATIONS: D1Migration[];
    [key: string]: unknown;
  }
}
