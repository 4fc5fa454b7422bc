/**
 * Every public page passes the Nu HTML Checker (vnu, from the vnu-jar package, on the machine's
 * Java) with no error: the sitemap's pages (with every published article and service) and the
 * public pages it leaves out, the home page both with and without its disclaimer. All pages go to
 * one java run, as the checker is slow to start.
 */
import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import vnuJar from "vnu-jar";
import { UNLISTED_PUBLIC_PAGES } from "./public-pages";

type VnuMessage = { type: string; subType?: string; url: string; lastLine?: number; message: string; extract?: string };

test("every public page is valid HTML (vnu)", async ({ request, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => {
    const url = new URL((match[1] ?? "").replace(/&amp;/g, "&"));
    return url.pathname + url.search;
  });
  expect(listed.length, "the sitemap lists pages").toBeGreaterThan(25);
  const pages: { label: string; path: string; headers?: Record<string, string>; form?: Record<string, string> }[] = [
    ...[...listed, ...UNLISTED_PUBLIC_PAGES].map((path) => ({ label: path, path })),
    { label: "/ (disclaimer accepted)", path: "/", headers: { Cookie: "disclaimer_accepted=1" } },
    // A refused form as the server sends it back (without JavaScript): its error summary and message.
    {
      label: "/login?tab=register (refused)",
      path: "/login?tab=register",
      form: { intent: "register", fullName: "", email: "", password: "" },
    },
    { label: "/consultation (refused)", path: "/consultation", form: { name: "" } },
  ];

  const dir = testInfo.outputPath("html");
  mkdirSync(dir, { recursive: true });
  const files = new Map<string, string>();
  for (const [index, page] of pages.entries()) {
    const response = page.form
      ? await request.post(page.path, { form: page.form, headers: { Origin: baseURL ?? "" } })
      : await request.get(page.path, { headers: page.headers });
    expect(response.status(), page.label).toBeLessThan(500);
    expect(response.headers()["content-type"], page.label).toContain("text/html");
    const file = join(dir, `page-${index}.html`);
    writeFileSync(file, await response.text());
    files.set(`file:${file}`, page.label);
  }

  const messages = await runVnu([...files.keys()].map((url) => url.slice("file:".length)));
  const errors = messages
    .filter((message) => message.type === "error" || message.subType === "fatal")
    .map((message) => `${files.get(message.url) ?? message.url}:${message.lastLine ?? "?"}: ${message.message}`);
  expect(errors, `vnu found errors (baseURL ${baseURL})`).toEqual([]);
  // Every page was checked (vnu names no file it could not read).
  expect(messages.filter((message) => message.type === "non-document-error")).toEqual([]);
});

async function runVnu(files: string[]): Promise<VnuMessage[]> {
  let stderr: string;
  try {
    ({ stderr } = await promisify(execFile)("java", ["-jar", vnuJar, "--errors-only", "--format", "json", ...files], {
      maxBuffer: 64 * 1024 * 1024,
    }));
  } catch (error) {
    const failure = error as { code?: string | number; stderr?: string };
    if (failure.code === "ENOENT")
      throw new Error("vnu needs Java 11 or later on the PATH (apt-get install default-jre-headless)");
    // vnu exits 1 when it reports errors; its JSON report is still on stderr.
    if (!failure.stderr) throw error;
    stderr = failure.stderr;
  }
  return (JSON.parse(stderr) as { messages: VnuMessage[] }).messages;
}
