// NextAuth treats a callbackUrl it cannot parse, from the query or from its callback-url cookie, as a
// server misconfiguration: its routes answer 500 and getServerSession reports no session. Such values
// only come from junk requests or a tampered cookie, so proxy.ts refuses the query with a 400 and
// drops the cookie before NextAuth sees it.
const CALLBACK_URL_COOKIES = ["next-auth.callback-url", "__Secure-next-auth.callback-url"];

/** NextAuth's own test: an absolute http(s) URL, or a path resolved against this site. */
export function isUsableCallbackUrl(value: string, origin: string): boolean {
  try {
    return /^https?:$/.test(new URL(value, value.startsWith("/") ? origin : undefined).protocol);
  } catch {
    return false;
  }
}

/** Names of callback-url cookies in a Cookie header whose (decoded) value NextAuth would choke on. */
export function unusableCallbackCookies(cookieHeader: string | null, origin: string): string[] {
  const bad: string[] = [];
  for (const part of (cookieHeader ?? "").split(";")) {
    const i = part.indexOf("=");
    const name = part.slice(0, i).trim();
    if (i < 0 || !CALLBACK_URL_COOKIES.includes(name)) continue;
    let value: string;
    try {
      value = decodeURIComponent(part.slice(i + 1).trim());
    } catch {
      value = "";
    }
    if (!isUsableCallbackUrl(value, origin)) bad.push(name);
  }
  return bad;
}

/** The Cookie header without the named cookies, every other cookie byte for byte. */
export function withoutCookies(cookieHeader: string, names: string[]): string {
  return cookieHeader
    .split(";")
    .filter((part) => !names.includes(part.slice(0, part.indexOf("=")).trim()))
    .map((part) => part.trim())
    .join("; ");
}
