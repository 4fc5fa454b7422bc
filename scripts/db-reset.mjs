// `npm run db:reset`: delete the local database and bucket, then migrate and seed again.
import { rmSync } from "node:fs";
import { migrateAndSeed } from "./lib.mjs";

rmSync(".wrangler/state/v3/d1", { recursive: true, force: true });
rmSync(".wrangler/state/v3/r2", { recursive: true, force: true });
migrateAndSeed();
