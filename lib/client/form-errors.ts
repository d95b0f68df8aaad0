// What a failed submit says, and to which field: the server's refusals carry `issues` (path and
// message per field, lib/validation/parse.ts); anything else is said by its message.
import { ApiError } from "./api";

/** A form's messages: one per field, and `form` for a failure that belongs to none. */
export type FormErrors<F extends string> = Partial<Record<F | "form", string>>;

/** The failure's own message (the server's, as apiFetch carries it). */
export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The issues the server listed with a refusal (400), or none. */
export function issuesOf(err: unknown): { path: string; message: string }[] {
  if (!(err instanceof ApiError)) return [];
  return (err.body as { issues?: { path: string; message: string }[] } | null)?.issues ?? [];
}

/** The server's message for each of `fields` it refused (the first for each), or undefined when it named none of them. */
export function issuesFor<F extends string>(err: unknown, fields: readonly F[]): Partial<Record<F, string>> | undefined {
  const found: Partial<Record<F, string>> = {};
  for (const issue of issuesOf(err)) {
    const field = fields.find((f) => f === issue.path);
    if (field && found[field] === undefined) found[field] = issue.message;
  }
  return Object.keys(found).length > 0 ? found : undefined;
}
