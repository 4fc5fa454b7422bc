// rupees keeps one Intl formatter; its text must stay what toLocaleString gave.
import { describe, expect, it } from "vitest";
import { rupees } from "./business";

describe("rupees", () => {
  it.each([0, 999, 1000, 100000, 2500000, 1234.5])("%s: Indian grouping, as toLocaleString('en-IN')", (amount) => {
    expect(rupees(amount)).toBe(`₹${amount.toLocaleString("en-IN")}`);
  });
});
