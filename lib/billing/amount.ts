// Typed US-dollar amounts (top-ups, auto-refill): what the browser accepts and the server checks.
// Browser-safe: no server imports. A typed amount is never changed silently — it is read exactly
// (cents included) or refused with a reason the form shows; the button then names the exact amount.

export const TOPUP_MIN_USD = 5;
export const TOPUP_MAX_USD = 1000;
/** Auto-refill must start before agents stop at $0.00: the threshold is at least this. */
export const THRESHOLD_MIN_USD = 1;

export type AmountProblem = "format" | "decimals" | "range";
export type ParsedAmount = { cents: number } | { problem: AmountProblem } | null;

const escape = (s: string) => s.replace(/[.]/g, "\\.");

/**
 * Reads "12.50", "12,50", "$1,000" or "1.000,50" (German grouping) into cents. The locale decides
 * which of "." and "," groups thousands; either one followed by one or two digits is the decimal
 * mark, so "12,50" is $12.50 in English too. Returns null for empty input.
 */
export function parseUsd(text: string, locale: string): ParsedAmount {
  const s = text
    .trim()
    .replace(/^\$\s*/, "")
    .replace(/\s*(\$|usd)$/i, "");
  if (!s) return null;
  if (!/^[\d.,]+$/.test(s)) return { problem: "format" };
  const group = locale.toLowerCase().startsWith("de") ? "." : ",";
  let whole = s;
  let fraction = "";
  const last = Math.max(s.lastIndexOf("."), s.lastIndexOf(","));
  if (last >= 0) {
    const after = s.slice(last + 1);
    const isGrouping = s[last] === group && after.length === 3;
    if (!isGrouping) {
      whole = s.slice(0, last);
      fraction = after;
      if (!/^\d+$/.test(fraction) || !whole) return { problem: "format" };
      if (fraction.length > 2) return { problem: "decimals" };
    }
  }
  if (!/^\d+$/.test(whole) && !new RegExp(`^\\d{1,3}(${escape(group)}\\d{3})+$`).test(whole)) return { problem: "format" };
  const dollars = Number(whole.replace(/\D/g, ""));
  if (!Number.isSafeInteger(dollars * 100)) return { problem: "range" };
  return { cents: dollars * 100 + Number(fraction.padEnd(2, "0") || 0) };
}

/** Parses and checks a range in one go (the forms' rule; the server applies the same bounds). */
export function parseUsdInRange(text: string, locale: string, minUsd: number, maxUsd: number): ParsedAmount {
  const parsed = parseUsd(text, locale);
  if (!parsed || "problem" in parsed) return parsed;
  return parsed.cents < minUsd * 100 || parsed.cents > maxUsd * 100 ? { problem: "range" } : parsed;
}

/** True when a JSON number is a whole number of cents (12.5 and 12.50 yes, 12.505 no). */
export function isWholeCents(usd: number): boolean {
  const cents = usd * 100;
  return Number.isFinite(cents) && Math.abs(cents - Math.round(cents)) < 1e-6;
}
