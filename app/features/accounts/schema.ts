/**
 * The account forms' rules, used by the pages' actions (the pages load no zod: constraints.ts)
 * and the API. Server-only checks (the common-password list) are added by
 * the `with*Checks` factories in accounts.server.ts.
 */
import { z } from "zod";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const EmailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, { error: "Email is required" })
  .max(254, { error: "Email is too long" })
  .pipe(z.email({ error: "Enter a valid email address" }))
  .transform((email) => email.toLowerCase());

/** A password being checked (login): only required, so the policy is never revealed by a login. */
const ExistingPasswordSchema = z
  .string({ error: "Password is required" })
  .min(1, { error: "Password is required" })
  .max(PASSWORD_MAX * 4, { error: "Password is too long" });

/** A password being chosen: 8 to 128 characters, no composition rules. */
export const NewPasswordSchema = z
  .string({ error: "Password is required" })
  .min(1, { error: "Password is required" })
  .min(PASSWORD_MIN, { error: `Password must be at least ${PASSWORD_MIN} characters` })
  .max(PASSWORD_MAX, { error: `Password must be at most ${PASSWORD_MAX} characters` });

export const FullNameSchema = z
  .string({ error: "Full name is required" })
  .trim()
  .min(1, { error: "Full name is required" })
  .max(100, { error: "Full name must be at most 100 characters" });

export const LoginSchema = z.object({
  email: EmailSchema,
  password: ExistingPasswordSchema,
  redirectTo: z.string().optional(),
});

export const RegisterSchema = z.object({
  fullName: FullNameSchema,
  email: EmailSchema,
  password: NewPasswordSchema,
  redirectTo: z.string().optional(),
});

export const ForgotPasswordSchema = z.object({ email: EmailSchema });

export const ResetPasswordSchema = z.object({ password: NewPasswordSchema });

export const GoogleCredentialSchema = z.object({
  token: z.string({ error: "token is required" }).min(1, { error: "token is required" }).max(4096),
});

/**
 * Role add/remove: the role is always named (no default, so nobody becomes an admin by leaving a
 * choice alone); an empty email is allowed through and ignored (docs/product.md#validation).
 */
export const RoleChangeSchema = z.object({
  role: z.enum(["admin", "teacher"], {
    error: (issue) =>
      issue.input === undefined || issue.input === ""
        ? "Choose a role: admin or teacher"
        : "Role must be admin or teacher",
  }),
  email: z.preprocess(
    (value) => (value === undefined || value === null ? "" : value),
    // The union's own message: the page names the field with it (zod's default says only "Invalid input").
    z.union([z.literal(""), EmailSchema], { error: "Enter a valid email address" }),
  ),
});
