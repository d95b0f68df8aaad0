import type { z } from "zod";
import { AppError, type ErrorIssue } from "./errors.ts";

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

export function parseJson(text: string): unknown {
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "The request body is not valid JSON");
  }
}

export async function readJson(request: Request): Promise<unknown> {
  return parseJson(await request.text());
}

export async function parseBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  return parseWith(schema, await readJson(request));
}
