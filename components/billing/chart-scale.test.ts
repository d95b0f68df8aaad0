import { describe, expect, it } from "vitest";
import { labelledDays, niceCeiling } from "./chart-scale";

describe("spend chart scale", () => {
  it("rounds the axis top up to a round amount", () => {
    expect(niceCeiling(0.02)).toBe(0.02);
    expect(niceCeiling(0.03)).toBeCloseTo(0.05);
    expect(niceCeiling(0.42)).toBe(0.5);
    expect(niceCeiling(1.2)).toBe(2);
    expect(niceCeiling(2.2)).toBe(2.5);
    expect(niceCeiling(7)).toBe(10);
    expect(niceCeiling(10)).toBe(10);
    expect(niceCeiling(0)).toBe(1);
  });

  it("labels the first and last day and evenly spaced days between, never two side by side", () => {
    expect(labelledDays(30, 7)).toEqual([0, 7, 14, 21, 29]);
    expect(labelledDays(29, 7)).toEqual([0, 7, 14, 21, 28]);
    expect(labelledDays(23, 7)).toEqual([0, 7, 14, 22]);
  });
});
