import { z } from "zod";

// The shape of every record id in a path (/api/agents/{id}, …/{meetingId}): Prisma's cuid() and
// cuid2, UUIDs and the readable ids test fixtures use all fit. Anything else (NUL bytes, separators,
// other encodings, megabytes of text) cannot name a record, so it is refused before any query runs.
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export const idSchema = z.string().regex(ID_PATTERN, "Not a valid id");

/** Path parameters that hold record ids: `id` and every `…Id` (agentId, eventId, providerId). */
export function isIdParam(name: string): boolean {
  return name === "id" || name.endsWith("Id");
}
