// Every /api body is parsed by its form's schema with no
// coercion of wrong JSON types; a refusal is 400 {message, errors: {field: [..]}}
// naming the field and what was wrong.
import { describe, expect, it } from "vitest";
import { createTestUser } from "../../helpers";
import { anonymous, callForm, callJson, expectRefusedWithoutTrace, login, signedIn } from "./client";

type Refusal = { message: string; errors: Record<string, string[]> };

async function refusal(response: Response): Promise<Refusal> {
  const text = await response.text();
  expect(response.status, text).toBe(400);
  return JSON.parse(text) as Refusal;
}

describe("wrong JSON types are refused, naming the field", () => {
  it("POST /api/services: null, numbers and booleans where text belongs, an object where a list belongs", async () => {
    const user = await createTestUser({ role: "teacher" });
    const teacher = await login(user.email, user.password);
    const answer = await refusal(
      await callJson(teacher, "POST", "/services", {
        title: null,
        path: 7,
        levels: true,
        icon: "FaGavel",
        youtubeVideos: { first: "https://youtu.be/dQw4w9WgXcQ" },
      }),
    );
    expect(answer).toEqual({
      message: "title must be text, not null",
      errors: {
        title: ["title must be text, not null"],
        path: ["path must be text, not a number"],
        levels: ["levels must be text, not true"],
        youtubeVideos: ["youtubeVideos must be a list, not an object"],
      },
    });
    const inList = await refusal(
      await callJson(teacher, "POST", "/services", {
        title: "T",
        path: "t",
        levels: "All",
        icon: "FaGavel",
        youtubeVideos: [42],
      }),
    );
    expect(inList.errors).toEqual({ "youtubeVideos.0": ["youtubeVideos.0 must be text, not a number"] });
    // The right types with a wrong value keep the form's own message.
    const icon = await refusal(
      await callJson(teacher, "POST", "/services", { title: "T", path: "t", levels: "All", icon: "FaRocket" }),
    );
    expect(icon).toEqual({
      message: "Choose one of the listed icons",
      errors: { icon: ["Choose one of the listed icons"] },
    });
  });

  it("auth: login, register, Google and reset refuse non-text fields", async () => {
    const cases: Array<[string, unknown, Record<string, string[]>]> = [
      [
        "/auth/login",
        { email: ["asha@example.com"], password: true },
        { email: ["email must be text, not a list"], password: ["password must be text, not true"] },
      ],
      [
        "/auth/register",
        { fullName: { first: "Asha" }, email: "asha@example.com", password: 12345678 },
        { fullName: ["fullName must be text, not an object"], password: ["password must be text, not a number"] },
      ],
      ["/auth/google", { token: 5 }, { token: ["token must be text, not a number"] }],
      ["/auth/forgot-password", { email: false }, { email: ["email must be text, not false"] }],
      ["/auth/reset-password/some-token", { password: null }, { password: ["password must be text, not null"] }],
    ];
    for (const [path, body, errors] of cases) {
      const answer = await refusal(await callJson(anonymous(), "POST", path, body));
      expect(answer.errors, path).toEqual(errors);
      expect(answer.message, path).toBe(Object.values(errors)[0]![0]);
    }
  });

  it("POST /api/roles/add: a role or email of the wrong type", async () => {
    const user = await createTestUser({ role: "admin" });
    const admin = await login(user.email, user.password);
    const answer = await refusal(await callJson(admin, "POST", "/roles/add", { role: 1, email: 5 }));
    expect(answer.errors).toEqual({
      role: ["role must be text, not a number"],
      email: ["email must be text, not a number"],
    });
  });

  it("POST /api/roles/add: the role is required (no default), and the success message names it", async () => {
    const user = await createTestUser({ role: "admin" });
    const admin = await login(user.email, user.password);
    const email = `api-role-${Date.now()}@example.com`;
    const missing = await refusal(await callJson(admin, "POST", "/roles/add", { email }));
    expect(missing).toEqual({
      message: "Choose a role: admin or teacher",
      errors: { role: ["Choose a role: admin or teacher"] },
    });
    const unknown = await refusal(await callJson(admin, "POST", "/roles/add", { role: "owner", email }));
    expect(unknown.errors).toEqual({ role: ["Role must be admin or teacher"] });
    const roles = (await (await callJson(admin, "GET", "/roles")).json()) as { admin: string[]; teacher: string[] };
    expect([...roles.admin, ...roles.teacher]).not.toContain(email);

    const added = await callJson(admin, "POST", "/roles/add", { role: "admin", email });
    expect(added.status).toBe(200);
    expect(await added.json()).toMatchObject({ added: true, message: `Added ${email} as admin.` });
    const teacher = await callJson(admin, "POST", "/roles/add", { role: "teacher", email });
    expect(await teacher.json()).toMatchObject({ added: true, message: `Added ${email} as teacher.` });
  });

  it("POST /api/consultation/send-consultation-request: the spec's messages, each field named", async () => {
    const response = await callJson(anonymous(), "POST", "/consultation/send-consultation-request", {
      name: null,
      email: 1,
      phone: 9876543210,
      service: [],
      message: {},
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      message: "Please fill all required fields.",
      errors: {
        name: ["Please enter your name."],
        email: ["Please enter your email address."],
        phone: ["Please enter your phone number."],
        service: ["Please choose a practice area."],
        message: ["The message must be text."],
      },
    });
  });

  it("POST and PUT /api/blogs: a publishedAt that is not a date is a 400 naming it (never 'not an object')", async () => {
    const admin = await signedIn((await createTestUser({ role: "admin" })).email);
    const fields = { title: "Dated", summary: "S", highlight: "H" };
    const expected = {
      message: "publishedAt must be a date, e.g. 2026-01-31",
      errors: { publishedAt: ["publishedAt must be a date, e.g. 2026-01-31"] },
    };
    for (const publishedAt of ["yesterday", "2026-13-45", "31/31/2026"]) {
      const body = await expectRefusedWithoutTrace(`publishedAt ${publishedAt}`, 400, () =>
        callForm(admin, "POST", "/blogs", { ...fields, publishedAt }),
      );
      expect(body, publishedAt).toEqual(expected);
    }
    const created = await callForm(admin, "POST", "/blogs", { ...fields, publishedAt: "2026-01-31" });
    expect(created.status).toBe(201);
    const { _id } = (await created.json()) as { _id: string };
    const edit = await expectRefusedWithoutTrace("PUT publishedAt", 400, () =>
      callForm(admin, "PUT", `/blogs/${_id}`, { publishedAt: "soon" }),
    );
    expect(edit).toEqual(expected);
  });

  it("a body that is not a JSON object is refused as a whole", async () => {
    for (const body of ["[1,2]", "null", '"text"', "{broken"]) {
      const response = await callJson(anonymous(), "POST", "/auth/login", body);
      expect(response.status, body).toBe(400);
      expect(((await response.json()) as { message: string }).message, body).toMatch(
        /^(Malformed JSON body|The request body must be a JSON object)$/,
      );
    }
  });
});
