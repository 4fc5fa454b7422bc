/** axe-core in the page: no serious or critical WCAG 2.2 A/AA violation. */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export async function expectAccessible(page: Page, label: string) {
  // Legacy mode runs axe in the page itself, not partly in a blank second page (our pages have no
  // cross-origin frame, the one thing it is for); only the violations are reported in full. Same rules,
  // same findings, about half the time (measured on /, /about, /blogs and /login: 64 s → 30 s for 12 runs each).
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .setLegacyMode()
    .options({ resultTypes: ["violations"] })
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    );
  expect(serious, `${label}: serious or critical accessibility violations`).toEqual([]);
}
