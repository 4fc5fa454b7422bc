import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { appFetch, expectConsoleError } from "../../tests/helpers";
import { checkHealth, healthResponse } from "./health.server";

const rawEnv = env as unknown as Record<string, unknown>;

describe("GET /healthz", () => {
  it("answers 200 with a small JSON body when D1, R2 and the configuration are fine", async () => {
    const response = await appFetch("/healthz");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ status: "ok", checks: { db: "ok", r2: "ok", config: "ok" }, down: [] });
    expect(typeof body.ms).toBe("number");
  });

  it("answers 503 naming the bucket when the UPLOADS binding is missing", async () => {
    expectConsoleError(2); // the reasons go to the error log: R2 and the configuration check
    const { UPLOADS: _missing, ...withoutBucket } = rawEnv;
    const response = await healthResponse(withoutBucket);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      status: "down",
      checks: { db: "ok", r2: "down", config: "down" },
      down: ["r2", "config"],
    });
  });

  it("names the database when D1 fails, and a missing secret as the configuration", async () => {
    expectConsoleError(4); // D1's failure; the missing secret; the missing DB binding (as db and config)
    const brokenDb = {
      prepare() {
        throw new Error("D1_ERROR: database unavailable");
      },
    };
    expect(await checkHealth({ ...rawEnv, DB: brokenDb })).toMatchObject({ status: "down", down: ["db"] });
    const { JWT_SECRET: _secret, ...withoutSecret } = rawEnv;
    expect(await checkHealth(withoutSecret)).toMatchObject({
      status: "down",
      checks: { db: "ok", r2: "ok", config: "down" },
      down: ["config"],
    });
    const { DB: _db, ...withoutDb } = rawEnv;
    const report = await checkHealth(withoutDb);
    expect(report.down).toEqual(["db", "config"]);
  });
});
