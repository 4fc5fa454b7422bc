// Playwright drives Debian's Chromium (it cannot download its own browser here).
// Install the `chromium` apt package when it is missing, or say clearly why not.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

const CHROMIUM = "/usr/bin/chromium";

if (!existsSync(CHROMIUM)) {
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (!isRoot || !hasApt) {
    console.error(
      `Chromium is not installed at ${CHROMIUM}. Install Debian's "chromium" package ` +
        `(sudo apt-get install -y chromium) and run the tests again.`,
    );
    process.exit(1);
  }
  console.log("Installing Debian's chromium package for the browser tests…");
  for (const args of [["update"], ["install", "-y", "--no-install-recommends", "chromium"]]) {
    const result = spawnSync("apt-get", args, {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(" ")} failed; install the "chromium" package by hand.`);
      process.exit(1);
    }
  }
}
