// What the quiz integration tests share (quiz-settings, quiz-edit-ids): a question, a signed-in person with
// an API token, and requests as the API client and the no-JS page send them.
import { apiTokenFor, appFetch, createTestUser, testContext, bearer } from "../../../tests/helpers";
import { loadAuthUser, type AuthUser } from "~/lib/auth.server";

export const question = (text: string, correctAnswer: number, explanation?: string) => ({
  text,
  options: [`${text} a`, `${text} b`, `${text} c`, `${text} d`],
  correctAnswer,
  timePerQuestion: 1,
  ...(explanation ? { explanation } : {}),
});

export async function person(role: "admin" | "teacher" | "client", withToken = true) {
  const created = await createTestUser({ role });
  const auth = (await loadAuthUser(testContext(), created.id))! as AuthUser;
  return { ...created, auth, token: withToken ? await apiTokenFor(created.email) : "" };
}

export { bearer };
export const put = (path: string, body: unknown, token: string) =>
  appFetch(path, {
    method: "PUT",
    headers: { "Content-Type": "application/json", ...bearer(token) },
    body: JSON.stringify(body),
  });
export const form = (cookie: string, fields: Record<string, string>): RequestInit => ({
  method: "POST",
  headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields),
});
/** Page text as a reader sees it (React separates adjacent text with empty comments). */
export { pageText } from "../../../tests/helpers";
