/** The IANA name of a time zone the runtime knows ("europe/berlin" → "Europe/Berlin"), or null. */
export function canonicalTimeZone(value: string): string | null {
  try {
    return new Intl.DateTimeFormat("en", { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}
