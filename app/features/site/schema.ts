import { z } from "zod";

/**
 * The disclaimer's 'I AGREE' form (a plain form in the modal, posted to
 * /disclaimer when JavaScript is off). Its field names are the modal's.
 */
export const AcceptDisclaimerSchema = z.object({
  intent: z.literal("accept-disclaimer"),
  redirectTo: z.string().trim().max(2000).optional(),
});
