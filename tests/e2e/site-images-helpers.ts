import type { Page } from "@playwright/test";

/** A real PNG of the given size (a screenshot of part of the page), to upload as the firm's picture. */
export async function pngOf(page: Page, width: number, height: number, name = "picture.png") {
  const buffer = await page.screenshot({ clip: { x: 0, y: 0, width, height } });
  return { name, mimeType: "image/png", buffer };
}
