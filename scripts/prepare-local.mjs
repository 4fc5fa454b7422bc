// Local set-up shared by `npm start` and `npm run dev`: secrets, migrations, seed.
import { ensureDevVars, migrateAndSeed } from "./lib.mjs";

ensureDevVars();
migrateAndSeed();
