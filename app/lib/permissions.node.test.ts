import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  can,
  describePermissions,
  homePathFor,
  isConfiguredAdmin,
  isGrantedRole,
  isOwnAdminGrant,
  roleRemovalRefusal,
  strongestRole,
  type Actor,
} from "./permissions";

const client: Actor = { id: "u-client", role: "client" };
const teacher: Actor = { id: "u-teacher", role: "teacher" };
const otherTeacher: Actor = { id: "u-teacher-2", role: "teacher" };
const admin: Actor = { id: "u-admin", role: "admin" };

describe("can", () => {
  it("refuses a visitor everything", () => {
    expect(can(null, "article:submit")).toBe(false);
    expect(can(undefined, "quiz:take")).toBe(false);
  });

  it("lets every signed-in role submit content and take quizzes", () => {
    for (const actor of [client, teacher, admin]) {
      expect(can(actor, "article:submit")).toBe(true);
      expect(can(actor, "quiz:take")).toBe(true);
    }
  });

  it("keeps moderation, roles, the inbox and the outbox to admins", () => {
    for (const action of ["article:moderate", "role:manage", "consultation:read", "outbox:read"] as const) {
      expect([client, teacher, admin].map((actor) => can(actor, action))).toEqual([false, false, true]);
    }
  });

  it("lets teachers manage services but only their own quizzes", () => {
    expect(can(teacher, "service:manage")).toBe(true);
    expect(can(client, "service:manage")).toBe(false);
    expect(can(teacher, "quiz:manage", { ownerId: teacher.id })).toBe(true);
    expect(can(otherTeacher, "quiz:manage", { ownerId: teacher.id })).toBe(false);
    expect(can(teacher, "quiz:manage")).toBe(false);
    expect(can(teacher, "quiz:manage", { ownerId: null })).toBe(false);
    expect(can(admin, "quiz:manage", { ownerId: teacher.id })).toBe(true);
    expect(can(client, "quiz:manage", { ownerId: client.id })).toBe(false);
  });

  it("lets a taker read only their own result", () => {
    expect(can(client, "result:read", { ownerId: client.id })).toBe(true);
    expect(can(client, "result:read", { ownerId: "someone-else" })).toBe(false);
    expect(can(admin, "result:read", { ownerId: "someone-else" })).toBe(true);
  });
});

describe("homePathFor", () => {
  it("sends staff to the staff area and clients to the dashboard", () => {
    expect([client, teacher, admin].map(homePathFor)).toEqual(["/dashboard", "/admin", "/admin"]);
  });
});

describe("docs/permissions.md", () => {
  const path = new URL("../../docs/permissions.md", import.meta.url);

  it("is the matrix generated from the table", () => {
    const generated = describePermissions();
    if (process.env.UPDATE_PERMISSIONS_DOC) writeFileSync(path, generated);
    expect(
      readFileSync(path, "utf8"),
      "run UPDATE_PERMISSIONS_DOC=1 npx vitest run app/lib/permissions.node.test.ts",
    ).toBe(generated);
  });
});

describe("the role rules", () => {
  it("gives the most powerful of a person's grants, client with none", () => {
    expect(strongestRole([])).toBe("client");
    expect(strongestRole(["teacher"])).toBe("teacher");
    expect(strongestRole(["teacher", "admin"])).toBe("admin");
    expect(strongestRole(["admin", "teacher"])).toBe("admin");
    expect([isGrantedRole("client"), isGrantedRole("teacher"), isGrantedRole("admin")]).toEqual([false, true, true]);
  });

  it("refuses removing one's own admin role and a configured admin, and nothing else", () => {
    const configured = ["owner@example.com"];
    expect(roleRemovalRefusal({ role: "admin", email: "me@example.com" }, "Me@Example.com", configured)).toBe(
      "You cannot remove your own admin role.",
    );
    expect(roleRemovalRefusal({ role: "admin", email: "owner@example.com" }, "me@example.com", configured)).toBe(
      "This admin is set in the ADMIN_EMAILS configuration and can only be removed there.",
    );
    expect(roleRemovalRefusal({ role: "teacher", email: "me@example.com" }, "me@example.com", configured)).toBeNull();
    expect(
      roleRemovalRefusal({ role: "teacher", email: "owner@example.com" }, "me@example.com", configured),
    ).toBeNull();
    expect(roleRemovalRefusal({ role: "admin", email: "other@example.com" }, "me@example.com", configured)).toBeNull();
    expect(isConfiguredAdmin("teacher", "owner@example.com", configured)).toBe(false);
    expect(isOwnAdminGrant("admin", "me@example.com", "ME@example.com")).toBe(true);
  });
});
