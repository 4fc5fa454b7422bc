import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

let applicants = 0;

/** A pending teacher application sent through POST /api/join from an address of its own. */
export async function applyThroughApi(page: Page, label: string) {
  applicants += 1;
  const stamp = `${Date.now()}-${applicants}-${Math.floor(Math.random() * 1e6)}`;
  const fullName = `Applicant ${label} ${stamp}`;
  const email = `${label}-${stamp}@example.com`;
  const response = await page.request.post("/api/join", {
    headers: { "CF-Connecting-IP": `203.0.113.${Math.floor(Math.random() * 250) + 1}` },
    multipart: {
      fullName,
      email,
      reason: "I enjoy teaching judiciary aspirants.",
      educationalQualification: "LL.M., Delhi University",
      subjectToTeach: "Constitutional Law",
      workExperience: "Six years before the Delhi High Court.",
      previousWorkPlace: "Khanna & Partners",
      phoneNumber: "+91 98765 43210",
      cv: { name: "cv.pdf", mimeType: "application/pdf", buffer: readFileSync("tests/fixtures/cv.pdf") },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { fullName, email };
}
