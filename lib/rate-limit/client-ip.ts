// The caller's address for per-IP limits. `next start` fills X-Forwarded-For with the socket
// address when the request has none; behind a reverse proxy the proxy must set it (and strip any
// value the client sent). Per-account limits do not depend on it.
export function clientIp(request: Request): string {
  return request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || "unknown";
}
