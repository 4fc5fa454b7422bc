// A fresh, migrated and seeded local database for the Playwright server (scripts/e2e-server.mjs),
// made ahead of time: `npm test` runs this while vitest runs, which leaves a core idle most of the
// time, so the browser tests start without the ~17 s of migrations and seed. The mark it writes last
// tells the server the folder is ready and unused.
import { rmSync, writeFileSync } from "node:fs";
import { E2E_PREPARED_MARK, e2eStateDir, migrateAndSeed } from "./lib.mjs";

const stateDir = e2eStateDir();
rmSync(stateDir, { recursive: true, force: true });
migrateAndSeed(stateDir);
writeFileSync(`${stateDir}/${E2E_PREPARED_MARK}`, `${new Date().toISOString()}\n`);
