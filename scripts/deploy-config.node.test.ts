import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import { BINDINGS, ENV_SHAPE, SECRET_NAMES } from "../app/lib/env.server";
import { checkAssets, checkBundle, checkConfig, MAX_GZIP_BYTES, MIN_CPU_MS, type DeployConfig } from "./deploy-config";

const code = { shape: ENV_SHAPE, secrets: SECRET_NAMES, bindings: BINDINGS };
const readme = readFileSync("README.md", "utf8");
const real = () => structuredClone(unstable_readConfig({ config: "wrangler.toml" }) as unknown as DeployConfig);

describe("deploy:check's configuration rules", () => {
  it("the project's wrangler.toml and README give the code everything it reads", () => {
    expect(checkConfig(real(), code, readme).problems).toEqual([]);
  });

  it("fails on a missing binding, a secret in [vars], an undocumented secret, a bad or missing variable, no cron", () => {
    const config = real();
    config.r2_buckets = [];
    config.vars = { ...config.vars, JWT_SECRET: "oops", LOG_LEVEL: "verbose" };
    delete config.vars.APP_ENV;
    delete config.vars.APP_ORIGIN;
    config.triggers = { crons: [] };
    const { problems } = checkConfig(config, code, readme.replaceAll("wrangler secret put MAIL_API_KEY", ""));
    expect(problems).toEqual([
      "binding UPLOADS is missing from wrangler.toml [[r2_buckets]]",
      "variable APP_ENV is read by the code and has no default, but is missing from wrangler.toml [vars]",
      "secret JWT_SECRET must not be in wrangler.toml [vars]: set it with `wrangler secret put JWT_SECRET`",
      "secret MAIL_API_KEY is not documented in README.md (`wrangler secret put MAIL_API_KEY`)",
      expect.stringContaining("variable LOG_LEVEL in wrangler.toml is invalid"),
      expect.stringContaining('APP_ENV must be "production"'),
      "wrangler.toml [vars] APP_ORIGIN must be the site's https origin (every link in mail is built from it)",
      expect.stringContaining("crons is empty"),
    ]);
  });

  it("fails without a CPU limit the paid plan allows (a sign-in's scrypt needs about 0.2 s), or with a free-plan one", () => {
    const message = expect.stringContaining("[limits] cpu_ms must be at least 1000");
    const config = real();
    expect(config.limits?.cpu_ms).toBeGreaterThanOrEqual(MIN_CPU_MS);
    delete config.limits;
    expect(checkConfig(config, code, readme).problems).toEqual([message]);
    config.limits = { cpu_ms: 10 };
    expect(checkConfig(config, code, readme).problems).toEqual([message]);
    config.limits = { cpu_ms: MIN_CPU_MS };
    expect(checkConfig(config, code, readme).problems).toEqual([]);
  });

  it("notes that mail left in the outbox reaches nobody, and not once a delivery service is set", () => {
    const config = real();
    config.vars = { ...config.vars, MAIL_TRANSPORT: "outbox" };
    expect(checkConfig(config, code, readme).notes).toContainEqual(expect.stringContaining("nobody receives it"));
    config.vars = { ...config.vars, MAIL_TRANSPORT: "http", MAIL_API_URL: "https://mail.example.net/send" };
    expect(checkConfig(config, code, readme).notes).not.toContainEqual(expect.stringContaining("nobody receives it"));
  });

  it("fails when the compressed bundle or a static file is over the limits", () => {
    expect(checkBundle(MAX_GZIP_BYTES)).toEqual([]);
    expect(checkBundle(MAX_GZIP_BYTES + 1)).toEqual([expect.stringContaining("over the 3.00 MiB limit")]);
    expect(checkAssets([{ path: "video.mp4", bytes: 26 * 1024 * 1024 }])).toEqual([
      expect.stringContaining("video.mp4"),
    ]);
  });
});
