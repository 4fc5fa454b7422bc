// `npm run db:seed [-- --persist-to DIR]`: seed the local database (never a remote one).
import { bin, run } from "./lib.mjs";

run(bin("tsx"), ["db/seed.ts", ...process.argv.slice(2)]);
