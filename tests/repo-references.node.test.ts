// Every reference in the code and the docs points inside the repository: the product is
// described in docs/product.md and docs/api.md, so nothing cites the team workspace's specification,
// its notes or a path on one machine. A clone on its own can follow every reference.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/** What points outside: the workspace's spec and notes, "spec §n" citations, absolute workspace paths. */
const OUTSIDE = [
  /\bSPEC(\.md)?\b/,
  /\bspec §/i,
  /\b(STACK|STYLE)\.md\b/,
  /\.\.\/shared\//,
  /\/work\/(main|shared|notes)\b/,
];

function trackedTextFiles(): string[] {
  const files = execFileSync("git", ["ls-files", "-z"], { encoding: "utf8" }).split("\0").filter(Boolean);
  return files.filter(
    (file) =>
      /\.(ts|tsx|mjs|js|md|css|json|toml|sql|yml|yaml|sh)$|(^|\/)run$/.test(file) &&
      // The benchmark's results are written by a tool; this file names the patterns themselves.
      !file.startsWith("bench/RESULTS") &&
      file !== "tests/repo-references.node.test.ts" &&
      file !== "package-lock.json",
  );
}

describe("references", () => {
  it("point inside the repository", () => {
    const found: string[] = [];
    for (const file of trackedTextFiles()) {
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((line, index) => {
          if (OUTSIDE.some((pattern) => pattern.test(line))) found.push(`${file}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(found).toEqual([]);
  });
});
