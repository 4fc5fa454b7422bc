// A browser posts a textarea's line breaks as CR LF but counts each as one against maxlength: a text
// the field took must not be refused as too long without JavaScript (lfLineBreaks, app/lib/schema-fields).
// The text fields of the public consultation form, the teacher application and a site image's
// description, at their limits with CR LF line breaks.
import { describe, expect, it } from "vitest";
import { LIMITS } from "~/features/consultation/constants";
import { ConsultationApiSchema } from "~/features/consultation/schema";
import { SiteImageSchema } from "~/features/site-images/schema";
import { JOIN_LIMITS } from "~/features/teachers/constants";
import { JoinApiSchema } from "~/features/teachers/schema";

/** Text of `length` characters as the browser counts them (a line break is one), posted with CR LF. */
function postedText(length: number) {
  let text = "x";
  let counted = 1;
  while (length - counted >= 40) {
    text += `\r\n${"x".repeat(39)}`;
    counted += 40;
  }
  return text + "x".repeat(length - counted);
}

const cases = [
  {
    name: "the consultation message",
    schema: ConsultationApiSchema,
    field: "message",
    max: LIMITS.message,
    base: { name: "Asha", email: "asha@example.com", phone: "+91 98765 43210", service: "Tax" },
  },
  {
    name: "a teacher application's reason",
    schema: JoinApiSchema.omit({ cv: true }),
    field: "reason",
    max: JOIN_LIMITS.reason,
    base: {
      fullName: "Asha Verma",
      email: "asha@example.com",
      educationalQualification: "LLM",
      subjectToTeach: "Tax",
      workExperience: "Five years",
      previousWorkPlace: "A firm",
      phoneNumber: "+91 98765 43210",
    },
  },
  {
    name: "a site image's description",
    schema: SiteImageSchema,
    field: "description",
    max: 600,
    base: { kind: "accolade", caption: "Award", alt: "A trophy" },
  },
] as const;

describe("line breaks count once", () => {
  for (const { name, schema, field, max, base } of cases) {
    it(`${name}: at its limit with CR LF line breaks it is taken (stored with LF); one more character is refused`, () => {
      const atLimit = postedText(max);
      expect(atLimit.length).toBeGreaterThan(max);
      const taken = schema.safeParse({ ...base, [field]: atLimit });
      expect(taken.success, JSON.stringify(taken.error?.issues)).toBe(true);
      expect((taken.data as Record<string, string>)[field]).toBe(atLimit.replaceAll("\r\n", "\n"));
      expect(schema.safeParse({ ...base, [field]: `${atLimit}x` }).success).toBe(false);
    });
  }
});
