// Playwright drives Debian's Chromium (it cannot download its own browser here): the tests run in
// the headless shell (`chromium-headless-shell`, Chromium's old headless mode: the same engine, about
// half the CPU per page of full Chromium in headless mode; decision 090), and Lighthouse (`npm run
// bench`) in full Chromium. `node scripts/ensure-chromium.mjs` installs the headless shell when it is
// missing, `--lighthouse` full Chromium, or it says clearly why it cannot.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

const BROWSERS = process.argv.includes("--lighthouse")
  ? { "/usr/bin/chromium": "chromium" }
  : // pdftotext reads the invoice PDFs back in the browser tests, as a real PDF reader.
    { "/usr/bin/chromium-headless-shell": "chromium-headless-shell", "/usr/bin/pdftotext": "poppler-utils" };

const missing = Object.entries(BROWSERS)
  .filter(([path]) => !existsSync(path))
  .map(([, pkg]) => pkg);

if (missing.length > 0) {
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (!isRoot || !hasApt) {
    console.error(
      `Debian's ${missing.join(" and ")} package${missing.length > 1 ? "s are" : " is"} not installed. ` +
        `Install ${missing.length > 1 ? "them" : "it"} (sudo apt-get install -y ${missing.join(" ")}) and run the tests again.`,
    );
    process.exit(1);
  }
  console.log(
    `Installing Debian's ${missing.join(" and ")} package${missing.length > 1 ? "s" : ""} for the browser tests…`,
  );
  for (const args of [["update"], ["install", "-y", "--no-install-recommends", ...missing]]) {
    const result = spawnSync("apt-get", args, {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(" ")} failed; install ${missing.join(" ")} by hand.`);
      process.exit(1);
    }
  }
}
