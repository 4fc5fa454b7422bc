// An unexpected console.error fails the test. A test that expects one says so
// with `expectConsoleError()` (tests/helpers.ts).
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
  if (calls.length > expected) {
    throw new Error(`Unexpected console.error:\n${calls.map((args) => args.map(String).join(" ")).join("\n")}`);
  }
});
