// The prose a newcomer reads first stays short and self-contained: the README fits in one sitting, and
// a comment explains the code it sits beside instead of pointing at a tracker a clone does not have.
import { execFileSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const README_LIMIT_BYTES = 15 * 1024;

/** "issue 21", "Issue 21's", "issues 15 and 16", "issue-21", "#21"; not an upstream "owner/repo#21" or a URL. */
const ISSUE_CITATION = /\bissues?[\s-]+#?\d+|(^|[\s(,;])#\d+\b/i;

/** Where comments are checked: the code, its tests and tools (not migrations/: an applied one is never edited). */
const CODE_ROOTS = /^(app|tests|scripts|bench|db)\/|^(server|load-context)\.ts$/;

const SCRIPT = /\.(ts|tsx|mts|mjs|js|cjs)$/;

function trackedCodeFiles(): string[] {
  return (
    execFileSync("git", ["ls-files", "-z"], { encoding: "utf8" })
      .split("\0")
      .filter((file) => CODE_ROOTS.test(file) && /\.(ts|tsx|mts|mjs|js|cjs|css|sql|sh)$/.test(file))
      // This file's comments name the patterns themselves.
      .filter((file) => file !== "tests/prose.node.test.ts")
  );
}

/** The text of every comment in a script, found by TypeScript's parser so strings and regexes are skipped. */
function scriptComments(fileName: string, text: string): Array<{ line: number; text: string }> {
  const kind = fileName.endsWith("x")
    ? ts.ScriptKind.TSX
    : fileName.endsWith(".ts")
      ? ts.ScriptKind.TS
      : ts.ScriptKind.JS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const seen = new Set<number>();
  const found: Array<{ line: number; text: string }> = [];
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      found.push({
        line: source.getLineAndCharacterOfPosition(range.pos).line + 1,
        text: text.slice(range.pos, range.end),
      });
    }
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.getFullStart()));
    collect(ts.getTrailingCommentRanges(text, node.getEnd()));
    // JSX text holds `{/* … */}` comments inside an expression with no other child.
    if (ts.isJsxExpression(node) && !node.expression) {
      collect(ts.getLeadingCommentRanges(text, node.getStart(source) + 1));
    }
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return found;
}

/** Comments of the other kinds of file: CSS blocks, SQL `--` lines, shell `#` lines. */
function otherComments(fileName: string, text: string): Array<{ line: number; text: string }> {
  const pattern = fileName.endsWith(".css")
    ? /\/\*[\s\S]*?\*\//g
    : fileName.endsWith(".sql")
      ? /--.*$/gm
      : /(^|\s)#(?!!).*$/gm;
  return [...text.matchAll(pattern)].map((match) => ({
    line: text.slice(0, match.index).split("\n").length,
    text: match[0],
  }));
}

function issueCitations(files: string[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    // Parsing is the slow part: only a file that mentions something like a citation anywhere is parsed.
    if (!text.split("\n").some((line) => ISSUE_CITATION.test(line))) continue;
    const comments = SCRIPT.test(file) ? scriptComments(file, text) : otherComments(file, text);
    for (const comment of comments) {
      const offending = comment.text.split("\n").find((line) => ISSUE_CITATION.test(line));
      if (offending) found.push(`${file}:${comment.line}: ${offending.trim()}`);
    }
  }
  return found;
}

describe("prose", () => {
  it(`the README is under ${README_LIMIT_BYTES / 1024} KB, the rest is in docs/`, () => {
    expect(statSync("README.md").size).toBeLessThan(README_LIMIT_BYTES);
  });

  it("no code comment cites an issue number", { timeout: 60_000 }, () => {
    expect(issueCitations(trackedCodeFiles())).toEqual([]);
  });

  it("finds a citation in a comment and leaves strings, colours and upstream links alone", () => {
    const comments = (text: string) =>
      scriptComments("x.tsx", text)
        .filter((comment) => ISSUE_CITATION.test(comment.text))
        .map((comment) => comment.line);
    expect(comments("const a = 1; // why (issue 21)\n")).toEqual([1]);
    expect(comments("/**\n * Retakes (Issue 20's rule).\n */\nexport const b = 2;\n")).toEqual([1]);
    expect(comments("const c = <p>{/* see #21 */}</p>;\n")).toEqual([1]);
    expect(comments('const d = "issue 21"; // a colour: #fff\n')).toEqual([]);
    expect(comments("// fixed upstream: cloudflare/workers-sdk#15106\nconst e = /#1/;\n")).toEqual([]);
    expect(otherComments("x.css", "a { color: #000; } /* (issue 4) */")).toHaveLength(1);
  });
});
