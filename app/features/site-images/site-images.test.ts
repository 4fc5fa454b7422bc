// /admin/images: who may manage the firm's images, what is refused (leaving no row and no file), and what
// the public pages show.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { auditLog, siteImages } from "../../../db/schema";
import {
  appFetch,
  createTestUser,
  expectConsoleError,
  sessionCookieFor,
  testContext,
  formData,
} from "../../../tests/helpers";

/** The header of a PNG of the given size (all the server reads: the signature and the IHDR chunk). */
function pngHeader(width: number, height: number) {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  const view = new DataView(bytes.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 6, 0, 0, 0], 24);
  return bytes;
}

const file = (bytes: BlobPart, name: string, type: string) => new File([bytes], name, { type });
const png = (width = 800, height = 600, name = "office.png") => file(pngHeader(width, height), name, "image/png");

const FIELDS = {
  kind: "gallery",
  caption: "Partners at the Delhi office",
  alt: "Four partners at a table",
  sortOrder: "1",
};

const form = (fields: Record<string, string>, image?: File) => formData(fields, { image });

async function adminPost() {
  const cookie = await sessionCookieFor((await createTestUser({ role: "admin" })).id);
  return (body: FormData) => appFetch("/admin/images", { method: "POST", headers: { Cookie: cookie }, body });
}

const rows = () => testContext().db.select().from(siteImages);
const storedKeys = async () => (await env.UPLOADS.list({ prefix: "site-images/" })).objects.map((object) => object.key);

describe("/admin/images", () => {
  it("is for admins only: a visitor is sent to sign in, clients and teachers are refused, nothing is saved", async () => {
    const visitor = await appFetch("/admin/images");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toMatch(/^\/login\?redirectTo=%2Fadmin%2Fimages/);
    expect((await appFetch("/admin/images", { method: "POST", body: form(FIELDS, png()) })).status).toBe(302);
    for (const role of ["client", "teacher"] as const) {
      const cookie = await sessionCookieFor((await createTestUser({ role })).id);
      expect((await appFetch("/admin/images", { headers: { Cookie: cookie } })).status).toBe(403);
      const post = await appFetch("/admin/images", {
        method: "POST",
        headers: { Cookie: cookie },
        body: form(FIELDS, png()),
      });
      expect(post.status).toBe(403);
    }
    expect(await rows()).toEqual([]);
    expect(await storedKeys()).toEqual([]);
  });

  it("refuses a missing or wrong file, an unsafe SVG and missing text with the field's message, leaving no row and no file", async () => {
    const post = await adminPost();
    const cases: Array<[FormData, number, string]> = [
      [form(FIELDS), 400, "Choose an image file to upload."],
      [
        form(FIELDS, file("%PDF-1.7 a document", "office.png", "image/png")),
        400,
        "The file must be a JPEG, PNG, WebP or SVG image.",
      ],
      [
        form(FIELDS, file(pngHeader(10, 10).slice(0, 16), "cut.png", "image/png")),
        400,
        "The image&#x27;s size could not be read",
      ],
      [
        form(
          FIELDS,
          file(
            '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"></svg>',
            "x.svg",
            "image/svg+xml",
          ),
        ),
        400,
        "This SVG contains scripts",
      ],
      [form({ ...FIELDS, alt: "  " }, png()), 400, "Alt text is required"],
      [form({ ...FIELDS, caption: "" }, png()), 400, "Caption is required"],
      [form({ ...FIELDS, kind: "banner" }, png()), 400, "Choose where the image is shown"],
      [form({ ...FIELDS, sortOrder: "1.5" }, png()), 400, "Order must be a whole number"],
      [
        form(FIELDS, file(new Uint8Array(5 * 1024 * 1024 + 1).fill(1), "huge.png", "image/png")),
        413,
        "The file is too large",
      ],
    ];
    for (const [body, status, message] of cases) {
      const response = await post(body);
      expect(response.status, message).toBe(status);
      expect(await response.text(), message).toContain(message);
    }
    expect(await rows()).toEqual([]);
    expect(await storedKeys()).toEqual([]);
  });

  it("parses an SVG as XML: every filter bypass of the attack review is refused, a plain drawing with its own gradient passes", async () => {
    const post = await adminPost();
    const svg = (inner: string, root = "") =>
      `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10"${root}>${inner}</svg>`;
    const bypasses = {
      "a namespace-prefixed script": svg("<s:script>alert(1)</s:script>", ' xmlns:s="http://www.w3.org/2000/svg"'),
      "an entity-encoded javascript: link": svg('<a href="&#106;avascript:alert(1)"><rect width="5" height="5"/></a>'),
      "an entity-encoded outside reference": svg(
        '<image href="&#104;ttps://evil.example/x.png" width="5" height="5"/>',
      ),
      "an xlink reference to another site": svg('<use xlink:href="&#x68;ttps://evil.example/s.svg#a"/>'),
      "a CSS url() to another origin": svg('<rect width="5" height="5" style="fill: url(https://evil.example/p)"/>'),
      "a style sheet importing another origin": svg("<style>@import 'https://evil.example/a.css';</style>"),
      "an element of another namespace": svg(
        '<h:iframe xmlns:h="http://www.w3.org/1999/xhtml" src="https://evil.example"/>',
      ),
      "an event handler": svg('<rect width="5" height="5" onclick="alert(1)"/>'),
      "an xml-stylesheet instruction": `<?xml-stylesheet href="https://evil.example/a.css"?>${svg("")}`,
      "a declared entity": `<!DOCTYPE svg [<!ENTITY e "https://evil.example">]>${svg("<text>&e;</text>")}`,
    };
    for (const [what, text] of Object.entries(bypasses)) {
      const response = await post(form(FIELDS, file(text, "x.svg", "image/svg+xml")));
      expect(response.status, what).toBe(400);
      // A doctype is not even taken for an SVG by the type check of the file's bytes.
      const message =
        what === "a declared entity" ? "The file must be a JPEG, PNG, WebP or SVG image" : "This SVG contains scripts";
      expect(await response.text(), what).toContain(message);
    }
    expect(await rows()).toEqual([]);
    expect(await storedKeys()).toEqual([]);
    const plain = svg(
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#123"/></linearGradient></defs><rect width="5" height="5" fill="url(#g)"/><use href="#g"/>',
    );
    expect((await post(form(FIELDS, file(plain, "plain.svg", "image/svg+xml")))).status).toBe(302);
    expect(await rows()).toHaveLength(1);
  });

  it("adds an image with its size read from the file; the public pages show the published ones in order, in place of the placeholders", async () => {
    const post = await adminPost();
    // No image of a kind yet: the placeholder illustrations, captioned as illustrations.
    const before = await (await appFetch("/")).text();
    expect(before).toContain("Illustration: the firm&#x27;s office");
    expect(before).toContain("Emerging Law Firm of the Year, North India");

    const added = await post(form({ ...FIELDS, published: "on", sortOrder: "2" }, png(1600, 1200)));
    expect(added.status).toBe(302);
    // The notice names the saved image (`saved=` its id, looked up by the page).
    expect(added.headers.get("Location")).toMatch(/^\/admin\/images\?done=added&saved=[\w-]+$/);
    const svg =
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100"><rect width="300" height="100"/></svg>';
    expect(
      (
        await post(
          form(
            { ...FIELDS, caption: "Our logo wall", alt: "Logo wall", published: "on", sortOrder: "1" },
            file(svg, "wall.svg", "image/svg+xml"),
          ),
        )
      ).status,
    ).toBe(302);
    expect((await post(form({ ...FIELDS, caption: "A draft picture", alt: "Draft" }, png()))).status).toBe(302);

    const stored = await rows();
    expect(stored.map(({ caption, width, height, published }) => ({ caption, width, height, published }))).toEqual(
      expect.arrayContaining([
        { caption: "Partners at the Delhi office", width: 1600, height: 1200, published: true },
        { caption: "Our logo wall", width: 300, height: 100, published: true },
        { caption: "A draft picture", width: 800, height: 600, published: false },
      ]),
    );
    const photo = stored.find((row) => row.caption === "Partners at the Delhi office")!;
    expect(added.headers.get("Location")).toBe(`/admin/images?done=added&saved=${photo.id}`);
    expect(photo.image).toMatch(/^site-images\/.+\.png$/);
    expect((await env.UPLOADS.head(photo.image))?.httpMetadata?.contentType).toBe("image/png");
    expect((await storedKeys()).sort()).toEqual(stored.map((row) => row.image).sort());

    for (const path of ["/", "/about"]) {
      const html = await (await appFetch(path)).text();
      expect(html).not.toContain("Illustration: the firm&#x27;s office");
      expect(html).not.toContain("A draft picture");
      // Published, in order, each with its stored size.
      expect(html.indexOf("Our logo wall")).toBeGreaterThan(-1);
      expect(html.indexOf("Our logo wall")).toBeLessThan(html.indexOf("Partners at the Delhi office"));
      expect(html).toMatch(
        new RegExp(`src="/uploads/${photo.image}" alt="Four partners at a table" width="1600" height="1200"`),
      );
    }
    // The accolades still show their placeholders: none of that kind was added.
    expect(await (await appFetch("/")).text()).toContain("Emerging Law Firm of the Year, North India");
  });

  it("edits the text, replaces the file (deleting the old one), refuses a bad replacement without a change, and deletes after a confirmation step", async () => {
    const post = await adminPost();
    expect((await post(form({ ...FIELDS, published: "on" }, png(800, 600)))).status).toBe(302);
    const [original] = await rows();

    const refused = await post(
      form({ ...FIELDS, id: original!.id, caption: "Changed" }, file("GIF89a", "x.gif", "image/gif")),
    );
    expect(refused.status).toBe(400);
    expect(await rows()).toEqual([original]);
    expect(await storedKeys()).toEqual([original!.image]);

    const kept = await post(
      form({ ...FIELDS, id: original!.id, caption: "Partners, 2026", kind: "accolade", description: "Team award" }),
    );
    expect(kept.status).toBe(302);
    const [textOnly] = await rows();
    expect(textOnly).toMatchObject({
      caption: "Partners, 2026",
      kind: "accolade",
      description: "Team award",
      image: original!.image,
      published: false,
    });

    const replaced = await post(form({ ...FIELDS, id: original!.id, published: "on" }, png(400, 800, "portrait.png")));
    expect(replaced.status).toBe(302);
    const [updated] = await rows();
    expect(updated).toMatchObject({ width: 400, height: 800, published: true });
    expect(updated!.image).not.toBe(original!.image);
    expect(await storedKeys()).toEqual([updated!.image]);

    const ask = await post(form({ intent: "confirm-delete", id: updated!.id }));
    expect(ask.headers.get("Location")).toBe(`/admin/images?delete=${updated!.id}`);
    expect(await rows()).toHaveLength(1);
    const deleted = await post(form({ intent: "delete", id: updated!.id }));
    expect(deleted.headers.get("Location")).toBe("/admin/images?done=deleted");
    expect(await rows()).toEqual([]);
    expect(await storedKeys()).toEqual([]);
    expect((await post(form({ intent: "delete", id: updated!.id }))).status).toBe(404);
  });

  it("writes an audit row for each create, edit and delete (who, what, the change), shown at /admin/activity", async () => {
    const admin = await createTestUser({ role: "admin" });
    const cookie = await sessionCookieFor(admin.id);
    const post = (body: FormData) => appFetch("/admin/images", { method: "POST", headers: { Cookie: cookie }, body });
    const audit = () =>
      testContext()
        .db.select()
        .from(auditLog)
        .where(eq(auditLog.entityKind, "site-image"))
        .orderBy(asc(auditLog.at), asc(auditLog.id));

    // A refused upload writes nothing.
    expect((await post(form(FIELDS, file("GIF89a", "x.gif", "image/gif")))).status).toBe(400);
    expect(await audit()).toEqual([]);

    expect((await post(form(FIELDS, png(800, 600)))).status).toBe(302);
    const [image] = await rows();
    expect((await post(form({ ...FIELDS, id: image!.id, caption: "Partners, 2026", published: "on" }))).status).toBe(
      302,
    );
    expect((await post(form({ intent: "delete", id: image!.id }))).status).toBe(302);

    const entries = await audit();
    expect(entries.map((entry) => [entry.action, entry.entityId, entry.actorId, entry.actorEmail])).toEqual([
      ["create", image!.id, admin.id, admin.email],
      ["edit", image!.id, admin.id, admin.email],
      ["delete", image!.id, admin.id, admin.email],
    ]);
    expect(entries[0]!.summary).toBe('kind: "gallery"; caption: "Partners at the Delhi office"; published: "false"');
    expect(entries[1]!.summary).toBe(
      'caption: "Partners at the Delhi office" → "Partners, 2026"; published: "false" → "true"',
    );
    expect(entries[2]!.summary).toBe('kind: "gallery"; caption: "Partners, 2026"');

    const activity = await appFetch("/admin/activity?kind=site-image", { headers: { Cookie: cookie } });
    expect(activity.status).toBe(200);
    expect(await activity.text()).toContain("Partners, 2026");
  });

  it("saves a create, an edit or a delete together with its audit row, or none of it (a new file is deleted again)", async () => {
    const post = await adminPost();
    expect((await post(form(FIELDS, png(800, 600)))).status).toBe(302);
    const [original] = await rows();
    const audit = () => testContext().db.select().from(auditLog).where(eq(auditLog.entityKind, "site-image"));

    await env.DB.exec(
      "CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log BEGIN SELECT RAISE(ABORT, 'simulated outage'); END;",
    );
    try {
      expectConsoleError(3);
      expect((await post(form({ ...FIELDS, caption: "Unlogged" }, png(300, 300, "new.png")))).status).toBe(500);
      const edit = form(
        { ...FIELDS, id: original!.id, caption: "Changed without a trace", published: "on" },
        png(400, 800, "portrait.png"),
      );
      expect((await post(edit)).status).toBe(500);
      expect((await post(form({ intent: "delete", id: original!.id }))).status).toBe(500);
    } finally {
      await env.DB.exec("DROP TRIGGER refuse_audit;");
    }
    expect(await rows()).toEqual([original]);
    expect(await storedKeys()).toEqual([original!.image]);
    expect((await audit()).map((entry) => entry.action)).toEqual(["create"]);
  });
});
