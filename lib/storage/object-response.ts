import { Readable } from "node:stream";
import type { ByteRange, Storage } from "./store.ts";

// An HTTP response for a stored object, honouring one "Range: bytes=a-b" (206, or 416 when it lies
// outside the object); other headers (type, caching) are the caller's.

export function parseRange(header: string | null): ByteRange | "invalid" | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return "invalid";
  if (m[1] === "") return { start: -Number(m[2]) };
  return { start: Number(m[1]), end: m[2] === "" ? undefined : Number(m[2]) };
}

export async function objectResponse(storage: Storage, key: string, rangeHeader: string | null, headers: Record<string, string>): Promise<Response | null> {
  const size = await storage.size(key);
  if (size === null) return null;
  let range = parseRange(rangeHeader);
  if (range && range !== "invalid" && range.start < 0) range = { start: Math.max(0, size + range.start) };
  if (range === "invalid" || (range && (range.start >= size || (range.end !== undefined && range.end < range.start)))) {
    return new Response(null, { status: 416, headers: { "content-range": `bytes */${size}` } });
  }
  const object = await storage.get(key, range);
  if (!object) return null;
  const body = Readable.toWeb(object.body) as ReadableStream<Uint8Array>;
  const base = { ...headers, "accept-ranges": "bytes" };
  if (!object.range) return new Response(body, { headers: { ...base, "content-length": String(object.size) } });
  const { start, end } = object.range;
  return new Response(body, { status: 206, headers: { ...base, "content-length": String(end - start + 1), "content-range": `bytes ${start}-${end}/${object.size}` } });
}
