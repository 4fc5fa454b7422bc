/**
 * Server-only password rules: refuse the most common passwords (the 49,000
 * most common from zxcvbn's list, well past the top 10,000) and, outside
 * local mode, the published demo password.
 */
import passwords from "@zxcvbn-ts/language-common/dist/passwords.json.mjs";
import { DEMO_PASSWORD } from "../../../db/seed-content";

let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set((passwords as string[]).map((entry) => entry.toLowerCase()));
  return common.has(password.toLowerCase());
}

export const COMMON_PASSWORD_MESSAGE = "This password is too common. Choose another.";
export const DEMO_PASSWORD_MESSAGE = "This password is published as the demo password. Choose another.";

/** The first reason a new password is refused on the server, or null. */
export function passwordPolicyProblem(password: string, { isLocal }: { isLocal: boolean }): string | null {
  if (isCommonPassword(password)) return COMMON_PASSWORD_MESSAGE;
  if (!isLocal && password === DEMO_PASSWORD) return DEMO_PASSWORD_MESSAGE;
  return null;
}
