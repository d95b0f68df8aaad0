import fs from "node:fs/promises";
import path from "node:path";

// The API reference's renderer (Swagger UI, npm swagger-ui-dist), served by Cohost itself: no CDN,
// which the Content-Security-Policy would refuse and self-hosted servers may not reach. Only these
// files, read from the installed package (next.config.ts keeps them in standalone builds).
const FILES: Record<string, string> = {
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
  "swagger-ui.css": "text/css; charset=utf-8",
};

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const type = FILES[file];
  if (!type) return Response.json({ error: "not_found", message: "Not found" }, { status: 404 });
  const body = await fs.readFile(path.join(process.cwd(), "node_modules", "swagger-ui-dist", file));
  return new Response(new Uint8Array(body), { headers: { "content-type": type, "cache-control": "public, max-age=3600" } });
}
