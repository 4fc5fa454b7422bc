// The form's pure rules: messages for server answers, preselection, CSV fields.
import { describe, expect, it } from "vitest";
import { PRACTICE_AREAS } from "~/config/practice-areas";
import { noticeFor, practiceChoices, resolvePracticeArea } from "./form-state";
import { csvField } from "./csv";
import { escapeHtml } from "./escape";
import { MESSAGES, MISSING, summaryMessage } from "./schema";

describe("the form's messages", () => {
  it("maps each server answer to the product's message", () => {
    expect(noticeFor({ status: "success", message: "anything" })).toEqual({ tone: "success", text: MESSAGES.success });
    expect(noticeFor({ status: "error", message: "Too many attempts, try again in 10 minutes." })).toEqual({
      tone: "error",
      text: "Too many attempts, try again in 10 minutes.",
    });
    // A response without success (or without the expected shape).
    expect(noticeFor({ success: false })).toEqual({ tone: "error", text: MESSAGES.noSuccess });
    expect(noticeFor(undefined)).toEqual({ tone: "error", text: MESSAGES.noSuccess });
    expect(noticeFor({ status: "error", message: "" })).toEqual({ tone: "error", text: MESSAGES.noSuccess });
  });

  it("says 'Please fill all required fields.' when anything required is missing, else the field's message", () => {
    expect(summaryMessage({})).toBeNull();
    expect(summaryMessage({ email: ["Please enter a valid email address."], consent: [MISSING.consent] })).toBe(
      MESSAGES.required,
    );
    expect(summaryMessage({ email: ["Please enter a valid email address."], phone: null })).toBe(
      "Please enter a valid email address.",
    );
  });
});

describe("preselecting a practice area", () => {
  it("matches the configured names regardless of case and adds an unknown one to the choices", () => {
    expect(resolvePracticeArea("tax & regulatory")).toBe("Tax & Regulatory");
    expect(resolvePracticeArea("  Judiciary   Exam ")).toBe("Judiciary Exam");
    expect(resolvePracticeArea(undefined)).toBe("");
    expect(practiceChoices("Tax & Regulatory")).toEqual([...PRACTICE_AREAS]);
    expect(practiceChoices("Judiciary Exam", "")).toEqual([...PRACTICE_AREAS, "Judiciary Exam"]);
    expect(PRACTICE_AREAS).toHaveLength(19);
  });
});

describe("escaping", () => {
  it("quotes CSV fields and defuses formulas", () => {
    expect(csvField('a "quoted", value')).toBe('"a ""quoted"", value"');
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(csvField(`${start}1+1`)).toBe(`"'${start}1+1"`);
    expect(csvField(null)).toBe('""');
    expect(csvField("line\nbreak")).toBe('"line\nbreak"');
  });

  it("escapes HTML for the mails", () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe(
      "&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;",
    );
  });
});
