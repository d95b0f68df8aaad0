"use client";
export const LANGUAGES = [
  { code: "en", label: "English" },
  { code: "de", label: "Deutsch" },
] as const;

/** Reloads the current page with ?lng=, which the proxy remembers in the `lng` cookie. */
export function switchLanguage(code: string) {
  const url = new URL(window.location.href);
  url.searchParams.set("lng", code);
  window.location.assign(url);
}
