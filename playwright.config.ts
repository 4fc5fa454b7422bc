import { defineConfig, devices } from "@playwright/test";
import { mockOidcPort } from "./tests/oidc-port.mjs";

const port = Number(process.env.E2E_PORT || 8788);
export const baseURL = `http://127.0.0.1:${port}`;

const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    // The headless shell: Chromium's old headless mode, about half the CPU of full Chromium (decision 090).
    executablePath: process.env.E2E_CHROMIUM || "/usr/bin/chromium-headless-shell",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  },
};

/** The specs that publish articles or testimonials, even for a moment (see the projects). */
const PUBLISHING = /\/(forms|articles|testimonials)(\.nojs)?\.spec\.ts$/;
const PUBLISHING_JS = /\/(forms|articles|testimonials)\.spec\.ts$/;
const PUBLISHING_NO_JS = /\/(forms|articles|testimonials)\.nojs\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  // Every test makes its own users and data, so tests of one file run in parallel too. Two workers
  // keep both cores of the CI machine busy (Chromium and workerd wait on each other); E2E_WORKERS overrides.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS || 2),
  forbidOnly: Boolean(process.env.CI),
  // A failed test runs once more, recording a trace (DOM snapshots, network, console) that CI keeps with
  // its artifacts (test-results/*-retry1/trace.zip); a test that passes on that second run still fails
  // the suite (failOnFlakyTests). Recording every test's trace in case it failed cost about a tenth of the
  // suite's CPU (decision 106).
  retries: 1,
  failOnFlakyTests: true,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  // Without the screencast: recording JPEG frames of the page cost the browser about a fifth of its CPU.
  use: { baseURL, trace: { mode: "on-first-retry", screenshots: false } },
  projects: [
    { name: "chromium", use: chromium, testIgnore: [/\.nojs\.spec\.ts$/, PUBLISHING] },
    {
      name: "chromium-no-js",
      use: { ...chromium, javaScriptEnabled: false },
      testMatch: /\.nojs\.spec\.ts$/,
      testIgnore: PUBLISHING,
    },
    // After the others: these publish articles and testimonials (through the staff forms, or by approving
    // a client's), and the public pages' tests count the seeded ones (the home page's latest three, /blogs
    // page 2, /testimonial).
    { name: "publishing", use: chromium, testMatch: PUBLISHING_JS, dependencies: ["chromium", "chromium-no-js"] },
    {
      name: "publishing-no-js",
      use: { ...chromium, javaScriptEnabled: false },
      testMatch: PUBLISHING_NO_JS,
      dependencies: ["chromium", "chromium-no-js"],
    },
  ],
  webServer: [
    {
      // Stands in for Google (tests/test-vars.json points GOOGLE_*_URL here).
      command: `node tests/fixtures/mock-oidc.mjs ${mockOidcPort}`,
      url: `http://127.0.0.1:${mockOidcPort}/jwks`,
      reuseExistingServer: false,
      timeout: 20_000,
    },
    {
      command: "node scripts/e2e-server.mjs",
      url: `${baseURL}/favicon.ico`,
      timeout: 180_000,
      reuseExistingServer: false,
      env: { E2E_PORT: String(port), MOCK_OIDC_PORT: String(mockOidcPort) },
      stdout: "pipe",
      stderr: "pipe",
    },
  ],
});
