// Spec §2 navigation rules, as pure functions (tested in nav.test.ts).
export const NAV_ITEMS = [
  { href: "/", key: "dashboard" },
  { href: "/agents", key: "agents" },
  { href: "/meetings", key: "meetings" },
  { href: "/calendar", key: "calendar" },
  { href: "/billing", key: "billing" },
  { href: "/developers", key: "developers" },
  { href: "/about", key: "about" },
] as const;

/** Highlighted when the path starts with the link's path (root only exactly), or a `tab` query matches. */
export function isActive(href: string, pathname: string, tab?: string | null): boolean {
  if (tab && href.replace(/^\//, "") === tab) return true;
  if (href === "/") return pathname === "/";
  return pathname === href || pathname.startsWith(`${href}/`);
}

const TITLES: Record<string, string> = {
  "/": "dashboard",
  "/agents": "agents",
  "/billing": "billing",
  "/agents/create": "createAgent",
  "/meetings": "meetings",
  "/cookie": "cookie",
  "/calendar": "calendar",
  "/about": "about",
  "/account": "account",
  "/developers": "developers",
  "/developers/api": "apiReference",
};

/** The title key for a path, or null when the raw path is the title (unknown paths). */
export function titleKey(pathname: string): string | null {
  if (TITLES[pathname]) return TITLES[pathname];
  if (pathname.startsWith("/agents/") && pathname.endsWith("/edit")) return "editAgent";
  if (pathname.startsWith("/agents/") && pathname.endsWith("/calendar")) return "agentCalendar";
  if (pathname.startsWith("/meetings/") && pathname.endsWith("/details")) return "meetingDetails";
  if (pathname.startsWith("/billing/test-checkout/")) return "testCheckout";
  if (pathname.startsWith("/developers/guide/")) return "apiGuide";
  return null;
}

/** Spec §9: first letters of up to two name words, else "U". */
export function initials(name: string | null | undefined): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  return words.length ? words.slice(0, 2).map((w) => w[0]!.toUpperCase()).join("") : "U";
}

/** Spec §9: green above 10, amber above 5, red otherwise. */
export function balanceTone(usd: number): "good" | "low" | "critical" {
  return usd > 10 ? "good" : usd > 5 ? "low" : "critical";
}

export function formatUsd(usd: number, locale = "en"): string {
  return new Intl.NumberFormat(locale, { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(usd);
}

/** Spec §5: the display name splits on the first space: first word firstName, the rest lastName. */
export function splitDisplayName(name: string): { firstName: string; lastName: string } {
  const trimmed = name.trim();
  const i = trimmed.search(/\s/);
  return i === -1 ? { firstName: trimmed, lastName: "" } : { firstName: trimmed.slice(0, i), lastName: trimmed.slice(i + 1).trim() };
}
