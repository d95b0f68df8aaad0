import type { z } from "zod";
import { AppError, type ErrorIssue } from "../errors/app-error.ts";

/** Largest JSON body any endpoint accepts; the biggest real one (an agent) is a few kilobytes. */
export const MAX_JSON_BYTES = 1_000_000;

export function issuesOf(error: z.ZodError): ErrorIssue[] {
  return error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
}

// Validation at the edge: the first issue's message becomes the response message, all issues are
// listed for field-level display.
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issues = issuesOf(result.error);
    throw new AppError("validation_error", issues[0]?.message ?? "Invalid input", { issues });
  }
  return result.data;
}

/** Text with a NUL or a lone UTF-16 surrogate: nothing legitimate, and PostgreSQL cannot store it. */
export function hasInvalidCharacters(text: string): boolean {
  return text.includes("\u0000") || !text.isWellFormed();
}

// Keys that reach an object's prototype when a body is merged into another object.
const PROTOTYPE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** Deepest nesting a body may have; real bodies have three or four levels. */
export const MAX_JSON_DEPTH = 32;

/**
 * Refuses prototype keys, strings or keys with invalid characters anywhere in a parsed body, and
 * bodies nested deeper than MAX_JSON_DEPTH (which would exhaust the stack of any recursive code
 * downstream, from validation to JSON.stringify). Iterative for the same reason.
 */
function assertCleanJson(body: unknown): void {
  const pending: [unknown, number][] = [[body, 0]];
  while (pending.length > 0) {
    const [value, depth] = pending.pop()!;
    if (typeof value === "string") {
      if (hasInvalidCharacters(value)) throw new AppError("bad_request", "The request body contains invalid characters");
      continue;
    }
    if (!value || typeof value !== "object") continue;
    if (depth >= MAX_JSON_DEPTH) throw new AppError("bad_request", "The request body is nested too deeply");
    if (Array.isArray(value)) {
      for (const item of value) pending.push([item, depth + 1]);
      continue;
    }
    for (const [key, item] of Object.entries(value)) {
      if (PROTOTYPE_KEYS.has(key)) throw new AppError("bad_request", `The request body must not contain the key "${key}"`);
      pending.push([key, depth + 1], [item, depth + 1]);
    }
  }
}

/** The body as text, refusing it as soon as it passes `limit` bytes (before reading the rest). */
export async function readText(request: Request, limit: number): Promise<string> {
  const tooLarge = () => new AppError("payload_too_large", "The request body is too large");
  if (Number(request.headers.get("content-length")) > limit) throw tooLarge();
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new AppError("bad_request", "The request body is not valid UTF-8");
  }
}

/** A JSON body already read as text (e.g. a beacon), with the same checks as readJson. */
export function parseJson(text: string): unknown {
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "The request body is not valid JSON");
  }
  assertCleanJson(value);
  return value;
}

export async function readJson(request: Request): Promise<unknown> {
  return parseJson(await readText(request, MAX_JSON_BYTES));
}

export async function parseBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  return parseWith(schema, await readJson(request));
}
