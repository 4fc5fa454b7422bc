import { skipDisclaimer, test } from "./fixtures";
import { signOutEverywhereJourney, twoFactorJourney } from "./two-factor-helpers";

test.describe("two-factor sign-in", () => {
  test.beforeEach(async ({ context }) => skipDisclaimer(context));

  test("enable with the secret from the page, sign in with a recovery code and with a TOTP code", async ({ page }) => {
    test.setTimeout(120_000);
    await twoFactorJourney(page);
  });

  test("'sign out everywhere else' ends another browser's session and the app token, not this one", async ({
    page,
    browser,
  }) => {
    await signOutEverywhereJourney(page, browser);
  });
});
