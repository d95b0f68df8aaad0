import http from "node:http";

// Local stand-ins for provider APIs: each route answers 200 only with the exact auth its provider
// expects, 401 otherwise — the wire contract the key check relies on.
const VALID = "valid-key-0123456789";

const ROUTES: Record<string, (req: http.IncomingMessage, url: URL) => boolean> = {
  "/v1/projects": (req) => req.headers.authorization === `Token ${VALID}`, // Deepgram
  "/v2/transcript": (req) => req.headers.authorization === VALID, // AssemblyAI
  "/v1/models": (req) =>
    req.headers.authorization === `Bearer ${VALID}` || (req.headers["x-api-key"] === VALID && req.headers["anthropic-version"] === "2023-06-01"),
  "/v1beta/models": (_req, url) => url.searchParams.get("key") === VALID, // Gemini
  "/openai/v1/models": (req) => req.headers.authorization === `Bearer ${VALID}`, // Groq
  "/v1/user": (req) => req.headers["xi-api-key"] === VALID, // ElevenLabs
  "/voices": (req) => req.headers["x-api-key"] === VALID && Boolean(req.headers["cartesia-version"]), // Cartesia
  "/compat/models": (req) => req.headers.authorization === `Bearer ${VALID}`, // OpenAI-compatible
};

export async function startFakeProviders(opts: { delayMs?: number } = {}) {
  const seen: { path: string; headers: http.IncomingHttpHeaders }[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    seen.push({ path: url.pathname, headers: req.headers });
    const answer = () => {
      const check = ROUTES[url.pathname];
      if (!check) return res.writeHead(404).end();
      const ok = check(req, url);
      res.writeHead(ok ? 200 : 401, { "content-type": "application/json" });
      res.end(JSON.stringify(ok ? { data: [] } : { error: "invalid api key" }));
    };
    if (opts.delayMs) setTimeout(answer, opts.delayMs);
    else answer();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { url, seen, validKey: VALID, close: () => new Promise<void>((r) => server.close(() => r())) };
}
