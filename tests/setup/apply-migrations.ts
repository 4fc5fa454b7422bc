// Every test file starts from an empty database with all migrations applied
// (the pool isolates storage per test file).
import { applyD1Migrations, env } from "cloudflare:test";

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
