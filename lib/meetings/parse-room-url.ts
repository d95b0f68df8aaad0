/**
 * Recognises a link to one of this server's test rooms (APP_URL/rooms/{id}, with or without a
 * trailing slash, query or fragment) and returns the room id and the canonical link that meetings
 * store; anything else (another host, another path, a malformed id) is null. `base` is APP_URL on the
 * server (lib/config.ts appUrl()) and the page's origin in the browser, so this module stays pure.
 */
export function parseRoomUrl(input: string, base: string): { roomId: string; url: string } | null {
  let url: URL;
  let app: URL;
  try {
    url = new URL(input.trim());
    app = new URL(base);
  } catch {
    return null;
  }
  if (url.origin !== app.origin || url.username || url.password) return null;
  const basePath = app.pathname.replace(/\/$/, "");
  const match = url.pathname.match(/^(.*)\/rooms\/([A-Za-z0-9_-]{22})\/?$/);
  if (!match || match[1] !== basePath) return null;
  return { roomId: match[2], url: `${app.origin}${basePath}/rooms/${match[2]}` };
}
