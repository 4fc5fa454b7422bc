// The layer rules of eslint.config.js (docs/decisions/081-layers.md), and the rule that roles are
// compared only in the permissions module, bite: each fixture is linted as if it stood at the given path.
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const eslint = new ESLint({ cwd: new URL("..", import.meta.url).pathname });

async function restrictedImports(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === "no-restricted-imports");
}

async function roleComparisons(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter(
    (message) => message.ruleId === "no-restricted-syntax" && message.message.includes("permissions module"),
  );
}

// The first lint loads the config, the TypeScript parser and every plugin: seconds on a busy machine.
describe("layers", { timeout: 30_000 }, () => {
  it("refuses a feature import in app/lib", async () => {
    const code = 'import { listServices } from "~/features/services/index.server";\nexport const x = listServices;\n';
    const errors = await restrictedImports("app/lib/fixture.server.ts", code);
    expect(errors.map((error) => error.message)).toEqual([expect.stringContaining("app/lib is the platform")]);
  });

  it("refuses a relative feature import in app/lib", async () => {
    const code = 'import { listQuizzes } from "../features/quiz/quiz.server";\nexport const x = listQuizzes;\n';
    expect(await restrictedImports("app/lib/fixture.server.ts", code)).toHaveLength(1);
  });

  it("refuses another feature's internals, allows its index", async () => {
    const internals = 'import { addRole } from "~/features/accounts/roles.server";\nexport const x = addRole;\n';
    const index = 'import { addRole } from "~/features/accounts/index.server";\nexport const x = addRole;\n';
    expect(await restrictedImports("app/features/teachers/fixture.server.ts", internals)).toHaveLength(1);
    expect(await restrictedImports("app/features/teachers/fixture.server.ts", index)).toEqual([]);
  });

  it("lets routes import features and lib", async () => {
    const code = 'import { addRole } from "~/features/accounts/roles.server";\nexport const x = addRole;\n';
    expect(await restrictedImports("app/routes/fixture.tsx", code)).toEqual([]);
  });

  it("refuses a route, a feature or app/lib reading the caller without the guards; the guards may", async () => {
    const code = (from: string) =>
      `import { getOptionalUser, requireUser } from "${from}";\nexport const x = [getOptionalUser, requireUser];\n`;
    const api =
      'import { getApiUser, requireApiUser } from "~/lib/auth.server";\nexport const x = [getApiUser, requireApiUser];\n';
    expect(await restrictedImports("app/routes/services+/fixture.tsx", code("~/lib/auth.server"))).toHaveLength(2);
    expect(await restrictedImports("app/root.tsx", code("./lib/auth.server"))).toHaveLength(2);
    expect(await restrictedImports("app/features/articles/fixture.server.ts", api)).toHaveLength(2);
    expect(await restrictedImports("app/lib/fixture.server.ts", code("./auth.server"))).toHaveLength(2);
    expect(await restrictedImports("app/lib/permissions.server.ts", code("./auth.server"))).toEqual([]);
    const guard = 'import { requireSignedIn } from "~/lib/permissions.server";\nexport const x = requireSignedIn;\n';
    expect(await restrictedImports("app/routes/fixture.tsx", guard)).toEqual([]);
  });

  it("refuses a role comparison outside the permissions module, in either order", async () => {
    const code =
      'type U = { role: string };\nexport const a = (u: U) => u.role === "admin";\nexport const b = (u: U) => "client" !== u.role;\n';
    expect(await roleComparisons("app/routes/fixture.tsx", code)).toHaveLength(2);
    expect(await roleComparisons("app/features/quiz/fixture.server.ts", code)).toHaveLength(2);
    expect(await roleComparisons("app/lib/permissions.ts", code)).toEqual([]);
    const other = 'export const c = (tab: string) => tab === "results";\n';
    expect(await roleComparisons("app/routes/fixture.tsx", other)).toEqual([]);
  });
});
