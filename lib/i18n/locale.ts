import { cookies, headers } from "next/headers";

export const LOCALES = ["en", "de"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const LOCALE_COOKIE = "lng";

function pick(value: string | undefined | null): Locale | undefined {
  const base = value?.trim().toLowerCase().split(/[-_]/)[0];
  return LOCALES.find((l) => l === base);
}

// Spec §4 adapted to the server: `lng` query (copied into the cookie by middleware), the cookie,
// then the browser's languages, fallback en.
export async function resolveLocale(): Promise<Locale> {
  const fromCookie = pick((await cookies()).get(LOCALE_COOKIE)?.value);
  if (fromCookie) return fromCookie;
  const accept = (await headers()).get("accept-language") ?? "";
  for (const part of accept.split(",")) {
    const found = pick(part.split(";")[0]);
    if (found) return found;
  }
  return DEFAULT_LOCALE;
}
