/** The consultation form's state rules, kept free of React so they can be tested on their own. */
import type { SubmissionResult } from "@conform-to/react";
import { PRACTICE_AREAS } from "~/config/practice-areas";
import { LIMITS, MESSAGES } from "./constants";

/** What the /consultation action (and its clientAction) answers. */
export type ConsultationFormData = {
  status: "success" | "error";
  message: string;
  result?: SubmissionResult<string[]>;
};

export type Notice = { tone: "success" | "error"; text: string };

export function isFormData(value: unknown): value is ConsultationFormData {
  return typeof value === "object" && value !== null && "status" in value && "message" in value;
}

/** The message for an answer from the server (docs/product.md#messages). */
export function noticeFor(data: unknown): Notice {
  if (isFormData(data) && data.status === "success") return { tone: "success", text: MESSAGES.success };
  if (isFormData(data) && data.status === "error" && typeof data.message === "string" && data.message) {
    return { tone: "error", text: data.message };
  }
  return { tone: "error", text: MESSAGES.noSuccess };
}

/** Where the enhanced form sends its JSON (the same server function as the page action). */
export const CONSULTATION_API = "/api/consultation/send-consultation-request";

/**
 * The message for an answer of the JSON API (docs/product.md#messages), and the field
 * errors to show: null is a network failure.
 */
export function noticeForApiAnswer(answer: { status: number; body: unknown } | null): {
  notice: Notice;
  errors?: Record<string, string[]>;
} {
  if (!answer || answer.status >= 500) return { notice: { tone: "error", text: MESSAGES.serverError } };
  const body = (typeof answer.body === "object" && answer.body !== null ? answer.body : {}) as {
    success?: unknown;
    message?: unknown;
    errors?: unknown;
  };
  if (answer.status < 300 && body.success === true) return { notice: { tone: "success", text: MESSAGES.success } };
  if (answer.status >= 400 && typeof body.message === "string" && body.message) {
    const errors =
      typeof body.errors === "object" && body.errors !== null ? (body.errors as Record<string, string[]>) : undefined;
    return { notice: { tone: "error", text: body.message }, errors };
  }
  return { notice: { tone: "error", text: MESSAGES.noSuccess } };
}

/** The practice area a link asked for, matched to the configured list regardless of case. */
export function resolvePracticeArea(value: string | null | undefined): string {
  const wanted = (value ?? "").replace(/\s+/g, " ").trim().slice(0, LIMITS.service);
  if (!wanted) return "";
  return PRACTICE_AREAS.find((area) => area.toLowerCase() === wanted.toLowerCase()) ?? wanted;
}

/** The select's choices: the configured areas, plus any other value asked for (docs/product.md#validation). */
export function practiceChoices(...extra: Array<string | undefined>): string[] {
  const choices: string[] = [...PRACTICE_AREAS];
  for (const value of extra) if (value && !choices.includes(value)) choices.push(value);
  return choices;
}
