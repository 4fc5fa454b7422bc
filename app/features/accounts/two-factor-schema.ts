/** The two-factor forms' rules, shared by the pages (Conform) and the API. */
import { z } from "zod";

export const CodeSchema = z
  .string({ error: "Authentication code is required" })
  .trim()
  .min(1, { error: "Authentication code is required" })
  .max(64, { error: "Authentication code is too long" });

/** The optional `code` of POST /api/auth/login and POST /api/auth/google (a TOTP or recovery code). */
export const ApiSecondFactorSchema = z.object({
  code: z.string({ error: "code must be a string" }).max(64, { error: "code is too long" }).optional(),
});

export const TwoFactorCodeSchema = z.object({ code: CodeSchema });

export const DisableTwoFactorSchema = z.object({
  password: z.string({ error: "Password is required" }).min(1, { error: "Password is required" }).max(512),
  code: CodeSchema,
});

export const StaffTwoFactorSettingSchema = z.object({
  staffTwoFactorRequired: z
    .enum(["on", "off"], { error: "Choose on or off" })
    .optional()
    .transform((value) => value === "on"),
  code: CodeSchema,
});
