/**
 * Whether two URLs share scheme, host and port — the rule for every stored secret: a key, token or
 * header saved for one address is sent only to that address's origin (MCP "Test connection",
 * provider "Test key", model list and voice preview). An unparsable URL matches nothing.
 */
export function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a.trim()).origin === new URL(b.trim()).origin;
  } catch {
    return false;
  }
}
