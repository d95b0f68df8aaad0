import { describe, expect, it } from "vitest";
import { isWholeCents, parseUsd, parseUsdInRange } from "./amount";

describe("typed US-dollar amounts", () => {
  it("reads dollars and cents exactly, with either decimal mark", () => {
    const read: [string, string, number][] = [
      ["25", "en", 2500],
      ["12.5", "en", 1250],
      ["12.50", "en", 1250],
      ["12,50", "en", 1250],
      ["12,5", "de", 1250],
      ["12.50", "de", 1250],
      ["$ 12.50", "en", 1250],
      ["12.50 USD", "en", 1250],
      [" 0007 ", "en", 700],
    ];
    for (const [text, locale, cents] of read) expect(parseUsd(text, locale), `${text} (${locale})`).toEqual({ cents });
  });

  it("reads thousands grouping in the locale's own style only", () => {
    expect(parseUsd("1,000", "en")).toEqual({ cents: 100000 });
    expect(parseUsd("1,000.50", "en")).toEqual({ cents: 100050 });
    expect(parseUsd("1.000", "de")).toEqual({ cents: 100000 });
    expect(parseUsd("1.000,50", "de")).toEqual({ cents: 100050 });
    // In English "1.000" is one dollar and a fraction of a cent, not a thousand.
    expect(parseUsd("1.000", "en")).toEqual({ problem: "decimals" });
    expect(parseUsd("1,000", "de")).toEqual({ problem: "decimals" });
    expect(parseUsd("10,00,000", "en")).toEqual({ problem: "format" });
  });

  it("refuses what it cannot read exactly, never guessing", () => {
    const refused: [string, string][] = [
      ["-5", "format"],
      ["ten", "format"],
      ["12.", "format"],
      [".50", "format"],
      ["1 000", "format"],
      ["12.5.0", "format"],
      ["5e3", "format"],
      ["12.505", "decimals"],
      ["99999999999999999999", "range"],
    ];
    for (const [text, problem] of refused) expect(parseUsd(text, "en"), text).toEqual({ problem });
    expect(parseUsd("", "en")).toBeNull();
    expect(parseUsd("   ", "en")).toBeNull();
  });

  it("checks the range in cents", () => {
    expect(parseUsdInRange("4.99", "en", 5, 1000)).toEqual({ problem: "range" });
    expect(parseUsdInRange("5", "en", 5, 1000)).toEqual({ cents: 500 });
    expect(parseUsdInRange("1000", "en", 5, 1000)).toEqual({ cents: 100000 });
    expect(parseUsdInRange("1000.01", "en", 5, 1000)).toEqual({ problem: "range" });
    expect(parseUsdInRange("abc", "en", 5, 1000)).toEqual({ problem: "format" });
  });

  it("knows whole cents in JSON numbers (binary floating point included)", () => {
    for (const usd of [5, 12.5, 12.34, 0.1 + 0.2, 999.99]) expect(isWholeCents(usd), String(usd)).toBe(true);
    for (const usd of [12.505, 0.001, Number.NaN, Number.POSITIVE_INFINITY]) expect(isWholeCents(usd), String(usd)).toBe(false);
  });
});
