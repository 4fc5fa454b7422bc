// The integration tests call the built Worker (server.ts imports the Remix
// production bundle), so build it when it is missing. `npm test` builds first.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

export default function ensureBuild() {
  if (!existsSync("build/server/index.js")) {
    execFileSync("node_modules/.bin/remix", ["vite:build"], { stdio: "inherit" });
  }
}
