import { chromium } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
const B = "http://127.0.0.1:8820";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium-headless-shell" });
async function check(page, label) {
  const r = await new AxeBuilder({ page }).withTags(["wcag2a","wcag2aa","wcag21a","wcag21aa","wcag22aa"]).setLegacyMode().analyze();
  for (const v of r.violations) console.log(label, v.impact, v.id, v.nodes.map(n=>n.target.join(" ")).slice(0,4).join(" | "));
}
for (const js of [true, false]) for (const width of [390, 1280]) {
  const ctx = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled: js, extraHTTPHeaders: { "CF-Connecting-IP": `198.51.100.${width % 250}${js ? 1 : 2}` } });
  await ctx.addCookies([{ name: "disclaimer_accepted", value: "1", url: B }]);
  const page = await ctx.newPage(); page.setDefaultTimeout(60000); page.setDefaultNavigationTimeout(60000);
  const L = `[js=${js} w=${width}]`;
  await page.goto(B + "/login?tab=register"); await page.getByRole("button", { name: "Register" }).click(); await page.waitForLoadState(); await check(page, L + " register-errors");
  await page.goto(B + "/login"); await page.getByLabel("Email").fill("nobody@example.com"); await page.getByLabel("Password").fill("wrong-password"); await page.getByRole("button", { name: "Login" }).click(); await page.waitForTimeout(1500); await check(page, L + " login-wrong");
  console.log(L, "login wrong text:", (await page.locator("form").first().innerText()).replace(/\s+/g," ").slice(0,200));
  await page.goto(B + "/forgot-password"); await page.getByRole("button", { name: "Send reset link" }).click(); await page.waitForTimeout(800); await check(page, L + " forgot-empty");
  await page.goto(B + "/reset-password/abc"); await check(page, L + " reset-bad");
  await page.goto(B + "/consultation"); await page.getByRole("button", { name: /send|submit|request/i }).first().click(); await page.waitForTimeout(1000); await check(page, L + " consult-errors");
  await page.goto(B + "/join-us?acceptRules=yes"); await page.getByRole("button", { name: /submit|apply|send/i }).first().click(); await page.waitForTimeout(1000); await check(page, L + " join-errors");
  await page.goto(B + "/login"); await page.getByLabel("Email").fill("client@example.com"); await page.getByLabel("Password").fill("Demo-Password-1"); await page.getByRole("button", { name: "Login" }).click(); await page.waitForURL((u) => !u.pathname.startsWith("/login"));
  await page.goto(B + "/dashboard"); await check(page, L + " dashboard");
  await page.goto(B + "/account/security"); await check(page, L + " security");
  await ctx.close();
}
await browser.close();
