// docs/api.md is the API's contract. This test walks it against the built
// Worker: every /api route of the build is documented, with exactly the
// methods it answers (any other method is 405 with an Allow header listing
// the documented ones), and every documented endpoint answers an empty request
// (no token, ids that do not exist, an empty body of the documented kind) with
// the documented status, in JSON. And the documented shapes hold: for each GET
// whose doc gives the shape of its 200 (called with data made through the API and
// a token of the right role), every key the doc names is in the real answer (and
// in the first item of each list, and in each nested object the doc spells out).
import apiDoc from "../../../docs/api.md?raw";
import * as build from "remix-server-build";
import { describe, expect, it } from "vitest";
import { appFetch, createTestUser } from "../../helpers";
import { anonymous, callForm, callJson, type Client, clientIp, files, signedIn } from "./client";

type Endpoint = {
  method: string;
  path: string;
  body: "json" | "multipart" | "none";
  emptyStatus: number;
  /** The Response line's text (its continuation lines joined). */
  response: string;
};

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function documentedEndpoints(markdown: string): Endpoint[] {
  return markdown
    .split(/^### /m)
    .slice(1)
    .map((section) => {
      const [heading = ""] = section.split("\n");
      const match = /^(GET|POST|PUT|PATCH|DELETE) (\/api\/\S+)$/.exec(heading.trim());
      if (!match) throw new Error(`docs/api.md: a heading that is not "METHOD /api/path": ${heading}`);
      const body = /^- \*\*Body:\*\* (JSON|multipart|none)\b/m.exec(section)?.[1]?.toLowerCase();
      const emptyStatus = /^- \*\*Empty request:\*\* (\d{3})\b/m.exec(section)?.[1];
      if (!body || !emptyStatus) throw new Error(`docs/api.md: ${heading} needs its Body and Empty request lines`);
      for (const line of ["Auth", "Response", "Errors"])
        if (!section.includes(`- **${line}:**`)) throw new Error(`docs/api.md: ${heading} has no ${line} line`);
      const response = /^- \*\*Response:\*\* ([\s\S]*?)(?=^- \*\*|$(?![\s\S]))/m.exec(section)?.[1] ?? "";
      return {
        method: match[1]!,
        path: match[2]!,
        body: body as Endpoint["body"],
        emptyStatus: Number(emptyStatus),
        response: response.replace(/\s+/g, " ").trim(),
      };
    });
}

/**
 * A documented shape: the keys it names, each with the shape of its value when the doc spells one
 * out (`{…}` an object, `[{…}]` a list of objects). Optional keys (`code?`) and `…` are left out.
 */
type Shape = { list: boolean; keys: Map<string, Shape | null> };

/** Split at the commas outside brackets and parentheses. */
function topLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of text) {
    if ("{[(".includes(char)) depth += 1;
    if ("}])".includes(char)) depth -= 1;
    if (char === "," && depth === 0) {
      parts.push(current.trim());
      current = "";
    } else current += char;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

/** `{a, b: {c}, d: [{e}]}` or `[{…}]` → its keys; null when the text is no object shape (`[links]`, `[emails]`). */
function parseShape(text: string): Shape | null {
  const trimmed = text.trim();
  const list = /^\[\s*\{[\s\S]*\}\s*\]$/.test(trimmed);
  const object = /^\{[\s\S]*\}$/.test(trimmed);
  if (!list && !object) return null;
  const inner = list ? trimmed.replace(/^\[\s*\{/, "").replace(/\}\s*\]$/, "") : trimmed.slice(1, -1);
  const keys = new Map<string, Shape | null>();
  for (const part of topLevel(inner)) {
    const key = /^([A-Za-z_][\w]*)(\??)/.exec(part);
    if (!key || key[2] === "?") continue;
    const value = part.slice(key[0].length).trim();
    // `createdBy: {_id, name} | null`: the object's shape, when it is not null.
    const nested = value.startsWith(":") ? parseShape(value.slice(1).split(" | ")[0]!) : null;
    keys.set(key[1]!, nested);
  }
  return { list, keys };
}

/** The shape docs/api.md gives a GET's 200, or null when it gives none. */
function documentedShape(endpoint: Endpoint, all: Endpoint[]): Shape | null {
  const success = /^200 (.*)$/.exec(endpoint.response)?.[1];
  if (!success) return null;
  // "the service (as in the list)": the list's item, from the GET of the collection.
  if (success.includes("(as in the list)")) {
    const collection = all.find(
      (other) => other.method === "GET" && other.path === endpoint.path.replace(/\/\{\w+\}$/, ""),
    );
    const listShape = collection ? documentedShape(collection, all) : null;
    return listShape ? { list: false, keys: listShape.keys } : null;
  }
  const fragments = [...success.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
  const shaped = fragments.find((fragment) => /^[[{]/.test(fragment));
  // "`{pending: [...], reviewed: [...]}`, each `{_id, …}`": the lists' items have that shape.
  const each = /, each `(\{[^`]+\})`/.exec(success)?.[1];
  if (shaped) return parseShape(each ? shaped.replace(/\[\.\.\.\]/g, `[${each}]`) : shaped);
  // "the result with `user: {fullName, email}`, `answers`, …": the keys named in that sentence.
  if (/^the \w+ with `/.test(success)) {
    const sentence = success.split(/\.(?: |$)/)[0]!;
    const keys = new Map<string, Shape | null>();
    for (const [, fragment] of sentence.matchAll(/`([^`]+)`/g)) {
      const key = /^([A-Za-z_]\w*)\s*(?::\s*([\s\S]*))?$/.exec(fragment!);
      if (key) keys.set(key[1]!, key[2] ? parseShape(key[2]) : null);
    }
    return keys.size ? { list: false, keys } : null;
  }
  return null;
}

/** Every key the shape names is in the value (in the first item of a list; nested shapes likewise). */
function expectShape(value: unknown, shape: Shape, where: string) {
  if (shape.list) {
    expect(Array.isArray(value), `${where} is a list`).toBe(true);
    const items = value as unknown[];
    expect(items.length, `${where} has an item to check`).toBeGreaterThan(0);
    value = items[0];
    where = `${where}[0]`;
  }
  expect(value !== null && typeof value === "object" && !Array.isArray(value), `${where} is an object`).toBe(true);
  const object = value as Record<string, unknown>;
  for (const [key, nested] of shape.keys) {
    expect(Object.keys(object), `${where} has the documented key ${key}`).toContain(key);
    if (nested && object[key] !== null) expectShape(object[key], nested, `${where}.${key}`);
  }
}

/** A route's full path: flat routes nest (api.roles.add sits under api.roles), so join its parents' paths. */
function fullPath(id: string): string {
  const route = build.routes[id];
  if (!route) return "";
  const own = (route.path ?? "").replace(/^\/|\/$/g, "");
  const parent = route.parentId ? fullPath(route.parentId) : "";
  return own ? `${parent}/${own}` : parent;
}

/** The build's /api routes, as documented paths: api/blogs/:id → /api/blogs/{id}. */
function apiRoutePaths(): string[] {
  return Object.keys(build.routes)
    .filter((id) => id.startsWith("routes/api+/"))
    .map((id) => fullPath(id).replace(/:(\w+)/g, "{$1}"))
    .sort();
}

const concrete = (path: string) => path.replace(/\{\w+\}/g, "unknown-id");

function send(method: string, path: string, body: Endpoint["body"]) {
  const headers: Record<string, string> = { "CF-Connecting-IP": clientIp() };
  let payload: BodyInit | undefined;
  if (body === "json") {
    headers["Content-Type"] = "application/json";
    payload = "{}";
  } else if (body === "multipart") {
    payload = new FormData();
  }
  return appFetch(concrete(path), { method, headers, body: payload });
}

const endpoints = documentedEndpoints(apiDoc);
const byPath = new Map<string, string[]>();
for (const endpoint of endpoints) byPath.set(endpoint.path, [...(byPath.get(endpoint.path) ?? []), endpoint.method]);

/** A sweep sends a request per endpoint and method: on a busy machine more than one test usually takes. */
const SWEEP_TIMEOUT = 120_000;

describe("docs/api.md matches the API", () => {
  it("lists each endpoint once, and every /api route of the app", () => {
    const keys = endpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...byPath.keys()].sort()).toEqual(apiRoutePaths());
  });

  it(
    "every documented endpoint answers an empty request with the documented status, in JSON",
    async () => {
      for (const { method, path, body, emptyStatus } of endpoints) {
        const response = await send(method, path, body);
        const text = await response.text();
        expect(response.status, `${method} ${path}: ${text.slice(0, 200)}`).toBe(emptyStatus);
        expect(response.headers.get("Content-Type"), `${method} ${path}`).toMatch(/^application\/json/);
        const answer = JSON.parse(text) as unknown;
        if (emptyStatus >= 400)
          expect(typeof (answer as { message?: unknown }).message, `${method} ${path}`).toBe("string");
      }
    },
    SWEEP_TIMEOUT,
  );

  it(
    "any other method is 405 with an Allow header naming the documented ones",
    async () => {
      for (const [path, documented] of byPath) {
        for (const method of METHODS.filter((candidate) => !documented.includes(candidate))) {
          const response = await send(method, path, method === "GET" || method === "DELETE" ? "none" : "json");
          expect(response.status, `${method} ${path}`).toBe(405);
          const allowed = (response.headers.get("Allow") ?? "").split(/,\s*/);
          for (const method of documented) expect(allowed, `Allow of ${path}`).toContain(method);
          expect(((await response.json()) as { message: string }).message).toBe("Method not allowed");
        }
      }
    },
    SWEEP_TIMEOUT,
  );
});

/** Data for every documented GET, made through the API, and a client of the right role for each. */
async function seededCalls() {
  const adminUser = await createTestUser({ role: "admin", fullName: "Asha Admin" });
  const teacherUser = await createTestUser({ role: "teacher", fullName: "Tara Teacher" });
  const clientUser = await createTestUser({ role: "client", fullName: "Chetan Client" });
  const admin = await signedIn(adminUser.email);
  const teacher = await signedIn(teacherUser.email);
  const client = await signedIn(clientUser.email);

  const made = async (response: Promise<Response>, status = 201) => {
    const answer = await response;
    const text = await answer.text();
    if (answer.status !== status) throw new Error(`seeding: ${answer.status} ${text}`);
    return JSON.parse(text) as { _id: string };
  };
  const service = await made(
    callJson(teacher, "POST", "/services", {
      title: "Moot court",
      path: "moot-court",
      levels: "All",
      icon: "FaGavel",
      youtubeVideos: ["https://www.youtube.com/watch?v=dQw4w9WgXcQ"],
    }),
  );
  await made(
    callForm(teacher, "POST", "/sub-services", { title: "Unit 1", serviceId: service._id, syllabus: files.pdf() }),
  );
  await made(callForm(admin, "POST", "/faculty", { name: "A. Founder", subject: "Tax", image: files.png() }));
  await made(
    callForm(admin, "POST", "/testimonials", { clientName: "Kind", message: "Thank you", photo: files.png() }),
  );
  await made(
    callForm(admin, "POST", "/blogs", { title: "An article", summary: "S", highlight: "H", image: files.png() }),
  );
  const quiz = await made(
    callJson(teacher, "POST", "/quiz", {
      title: "Limitation Act",
      totalTime: 10,
      questions: [
        { text: "Period for a suit on a contract?", options: ["1", "3", "12", "30"], correctAnswer: 1 },
        { text: "Does acknowledgment restart time?", options: ["Yes", "No", "Orally", "Never"], correctAnswer: 0 },
      ],
    }),
  );
  await made(callJson(client, "POST", `/quiz/${quiz._id}/start`), 200);
  const submitted = (await made(
    callJson(client, "POST", `/results/${quiz._id}/submit`, { answers: [1, 1] }),
    200,
  )) as unknown as { result: { _id: string } };
  // Two applications: one pending, one reviewed (both lists of GET /api/teacher-applications have an item).
  const application = {
    fullName: "Meera Iyer",
    reason: "I enjoy teaching.",
    educationalQualification: "LL.M.",
    subjectToTeach: "Constitutional Law",
    workExperience: "Six years.",
    previousWorkPlace: "Khanna & Partners",
    phoneNumber: "+91 98765 43210",
  };
  for (const email of ["meera@example.com", "ravi@example.com"]) {
    const joined = await callForm(anonymous(), "POST", "/join", { ...application, email, cv: files.pdf("cv.pdf") });
    if (joined.status !== 201) throw new Error(`seeding: ${joined.status} ${await joined.text()}`);
  }
  const { pending } = (await (await callJson(admin, "GET", "/teacher-applications")).json()) as {
    pending: Array<{ _id: string; email: string }>;
  };
  await made(
    callJson(
      admin,
      "POST",
      `/teacher-applications/${pending.find((item) => item.email === "ravi@example.com")!._id}/reject`,
    ),
    200,
  );

  const invoice = await made(
    callJson(admin, "POST", "/invoices", {
      clientEmail: clientUser.email,
      clientName: "Chetan Client",
      taxTreatment: "gst",
      dueDate: "2026-12-31",
      lines: [{ description: "Drafting a lease", quantity: 1, unitPaise: 1_500_00 }],
      issue: true,
    }),
  );
  /** Each documented GET: the path to call and who calls it. */
  const calls: Record<string, { path: string; as: Client }> = {
    "/api/services": { path: "/services", as: anonymous() },
    "/api/services/{id}": { path: `/services/${service._id}`, as: anonymous() },
    "/api/sub-services": { path: `/sub-services?serviceId=${service._id}`, as: anonymous() },
    "/api/faculty": { path: "/faculty", as: anonymous() },
    "/api/testimonials": { path: "/testimonials", as: anonymous() },
    "/api/blogs": { path: "/blogs", as: anonymous() },
    "/api/quiz": { path: "/quiz", as: anonymous() },
    "/api/quiz/{id}": { path: `/quiz/${quiz._id}`, as: anonymous() },
    "/api/quiz/{id}/analysis": { path: `/quiz/${quiz._id}/analysis`, as: teacher },
    "/api/results/user/{userId}": { path: `/results/user/${client.claims.id}`, as: client },
    "/api/results/{resultId}": { path: `/results/${submitted.result._id}`, as: client },
    "/api/teachers": { path: "/teachers", as: admin },
    "/api/roles": { path: "/roles", as: admin },
    "/api/teacher-applications": { path: "/teacher-applications", as: admin },
    "/api/invoices": { path: "/invoices", as: client },
    "/api/invoices/{id}": { path: `/invoices/${invoice._id}`, as: client },
  };
  return calls;
}

describe("docs/api.md's response shapes match the API", () => {
  it(
    "every GET whose doc gives the shape of its 200 answers with each key the doc names",
    async () => {
      const calls = await seededCalls();
      const shaped = endpoints
        .filter((endpoint) => endpoint.method === "GET")
        .map((endpoint) => ({ endpoint, shape: documentedShape(endpoint, endpoints) }));
      // The parser must find the shapes the doc gives; a GET with a shape needs a call here.
      expect(shaped.filter(({ shape }) => shape).length, "documented GET shapes found").toBeGreaterThanOrEqual(12);
      for (const { endpoint, shape } of shaped) {
        const label = `GET ${endpoint.path}`;
        if (!shape) continue;
        const call = calls[endpoint.path];
        expect(call, `${label} has a documented shape: add a call for it`).toBeDefined();
        const response = await callJson(call!.as, "GET", call!.path);
        const text = await response.text();
        expect(response.status, `${label}: ${text.slice(0, 300)}`).toBe(200);
        expectShape(JSON.parse(text), shape, label);
      }
    },
    SWEEP_TIMEOUT,
  );

  it("the shape parser reads the doc's notation (so a shape it misreads cannot pass unchecked)", () => {
    const shape = parseShape(
      "{items: [{_id, title, …}], total, code?, createdBy: {_id, name} | null, videos: [links]}",
    );
    expect([...shape!.keys.keys()]).toEqual(["items", "total", "createdBy", "videos"]);
    expect(shape!.keys.get("items")).toEqual({
      list: true,
      keys: new Map([
        ["_id", null],
        ["title", null],
      ]),
    });
    expect(shape!.keys.get("createdBy")).toEqual({
      list: false,
      keys: new Map([
        ["_id", null],
        ["name", null],
      ]),
    });
    expect(shape!.keys.get("videos")).toBeNull();
    expect(() => expectShape({ items: [{ _id: "1" }], total: 1, createdBy: null, videos: [] }, shape!, "x")).toThrow(
      /title/,
    );
    expect(() => expectShape({ items: [], total: 1, createdBy: null, videos: [] }, shape!, "x")).toThrow(/item/);
    expectShape({ items: [{ _id: "1", title: "T" }], total: 1, createdBy: null, videos: [] }, shape!, "x");
  });
});
