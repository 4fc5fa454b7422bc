// An unexpected console.error fails the test. A test that expects one says so
// with `expectConsoleError()` (tests/helpers.ts), and then it must happen as often as said.
import { afterEach, beforeEach, vi } from "vitest";

export const consoleErrors: { expected: number; calls: unknown[][] } = { expected: 0, calls: [] };

beforeEach(() => {
  consoleErrors.expected = 0;
  consoleErrors.calls = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    consoleErrors.calls.push(args);
  });
});

afterEach(() => {
  const { calls, expected } = consoleErrors;
  vi.restoreAllMocks();
  const logged = calls.map((args) => args.map(String).join(" ")).join("\n");
  if (calls.length > expected) throw new Error(`Unexpected console.error:\n${logged}`);
  // Exact: a failure the test expects to be logged must be logged (and only as often as said).
  if (calls.length < expected) {
    throw new Error(`Expected ${expected} console.error call(s), got ${calls.length}${logged ? `:\n${logged}` : ""}`);
  }
});
