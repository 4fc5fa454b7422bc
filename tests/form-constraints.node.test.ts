// The public forms' HTML constraints are written out (so their pages load no zod:
// docs/decisions/095-form-pages-without-zod.md); each must stay what Conform derives from the
// schema the server checks with.
import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  FORGOT_PASSWORD_CONSTRAINT,
  LOGIN_CONSTRAINT,
  REGISTER_CONSTRAINT,
  RESET_PASSWORD_CONSTRAINT,
} from "~/features/accounts/constraints";
import { ForgotPasswordSchema, LoginSchema, RegisterSchema, ResetPasswordSchema } from "~/features/accounts/schema";
import { CONSULTATION_CONSTRAINT } from "~/features/consultation/constants";
import { ConsultationSchema } from "~/features/consultation/schema";
import { JOIN_CONSTRAINT } from "~/features/teachers/constants";
import { JoinSchema } from "~/features/teachers/schema";

describe("written-out form constraints", () => {
  it.each([
    ["login", LOGIN_CONSTRAINT, LoginSchema],
    ["register", REGISTER_CONSTRAINT, RegisterSchema],
    ["forgot password", FORGOT_PASSWORD_CONSTRAINT, ForgotPasswordSchema],
    ["reset password", RESET_PASSWORD_CONSTRAINT, ResetPasswordSchema],
    ["consultation", CONSULTATION_CONSTRAINT, ConsultationSchema],
    ["teacher application", JOIN_CONSTRAINT, JoinSchema],
  ] as const)("%s: the same as getZodConstraint(schema)", (_name, written, schema) => {
    expect(written).toEqual(getZodConstraint(schema));
  });
});
