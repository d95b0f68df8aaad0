"use client";
// Spec §4/§9 cookie consent: cookie "cookie-consent" = "true" | "false", 365 days, path /, SameSite
// Lax. Until it is "true" no analytics request leaves the page.
export const CONSENT_COOKIE = "cookie-consent";
const MAX_AGE = 365 * 24 * 3600;

// Non-essential cookie families cleared on refusal: analytics (Google Analytics) and advertising.
const NON_ESSENTIAL = [/^_ga/, /^_gid$/, /^_gat/, /^_gcl/, /^_fbp$/, /^_fbc$/, /^IDE$/, /^_uet/];

export type Consent = "true" | "false" | null;

export function readConsent(): Consent {
  const match = document.cookie.match(/(?:^|;\s*)cookie-consent=(true|false)/);
  return (match?.[1] as Consent) ?? null;
}

const listeners = new Set<() => void>();
export function onConsentChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Secure whenever the page itself is https, like every other cookie Cohost sets.
const secure = () => (window.location.protocol === "https:" ? "; Secure" : "");

export function setConsent(granted: boolean): void {
  document.cookie = `${CONSENT_COOKIE}=${granted}; Max-Age=${MAX_AGE}; Path=/; SameSite=Lax${secure()}`;
  if (!granted) clearNonEssentialCookies();
  listeners.forEach((l) => l());
}

export function clearNonEssentialCookies(): void {
  const host = window.location.hostname;
  const domains = ["", host, `.${host}`, `.${host.split(".").slice(-2).join(".")}`];
  for (const part of document.cookie.split(";")) {
    const name = part.split("=")[0]?.trim();
    if (!name || !NON_ESSENTIAL.some((re) => re.test(name))) continue;
    for (const domain of domains) {
      document.cookie = `${name}=; Max-Age=0; Path=/${domain ? `; Domain=${domain}` : ""}; SameSite=Lax${secure()}`;
    }
  }
}
