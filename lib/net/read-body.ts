import type http from "node:http";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import { BodyTooLargeError, RequestTimeoutError } from "./errors.ts";

export interface BodyLimits {
  /** The most bytes accepted (after decompression). */
  maxBytes: number;
  /**
   * "error" (the default): more is a BodyTooLargeError, and so is a larger Content-Length; a broken
   * body rejects. "excerpt": the first bytes are enough: reading stops past `maxBytes`, and a body that
   * breaks gives what had arrived.
   */
  overflow?: "error" | "excerpt";
  /** Inflate a gzip, deflate or br body. */
  decompress?: boolean;
  /** Stops reading and rejects with its reason. */
  signal?: AbortSignal;
  /** Until the body has ended; then a RequestTimeoutError. */
  timeoutMs?: number;
}

function decoder(encoding: string | undefined): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null {
  switch ((encoding ?? "").trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip();
    case "deflate":
      return zlib.createInflate();
    case "br":
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

/** Reads an answer's body into one buffer, within the limits; the answer is done with afterwards. */
export function readBody(res: http.IncomingMessage, limits: BodyLimits): Promise<Buffer> {
  const excerpt = limits.overflow === "excerpt";
  const { signal } = limits;
  if (signal?.aborted) {
    res.destroy();
    return Promise.reject(signal.reason);
  }
  if (!excerpt && Number(res.headers["content-length"]) > limits.maxBytes) {
    res.destroy();
    return Promise.reject(new BodyTooLargeError(limits.maxBytes));
  }
  const inflate = limits.decompress ? decoder(res.headers["content-encoding"]) : null;
  const stream: Readable = inflate ? res.pipe(inflate) : res;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (err: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      if (!res.complete) res.destroy();
      inflate?.destroy();
      if (err) reject(err);
      else resolve(Buffer.concat(chunks));
    };
    // A body that breaks off: in an excerpt, what arrived is the answer.
    const broken = (err: unknown) => finish(excerpt ? null : err);
    const onAbort = () => finish(signal!.reason);
    stream.on("data", (chunk: Buffer) => {
      if (excerpt) {
        if (size < limits.maxBytes) chunks.push(chunk);
        size += chunk.length;
        if (size >= limits.maxBytes) finish(null);
        return;
      }
      size += chunk.length;
      if (size > limits.maxBytes) return finish(new BodyTooLargeError(limits.maxBytes));
      chunks.push(chunk);
    });
    stream.on("end", () => finish(null));
    stream.on("error", broken);
    if (inflate) res.on("error", broken);
    // Destroyed without an error (the request was): the body will not end.
    res.on("close", () => {
      if (!res.complete) broken(new Error("aborted"));
    });
    const timer = limits.timeoutMs === undefined ? undefined : setTimeout(() => finish(new RequestTimeoutError(limits.timeoutMs!)), limits.timeoutMs);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
