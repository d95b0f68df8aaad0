import { z } from "zod";
import type { MeetingStartJob } from "../meetings/enqueue-run.ts";
import { idSchema } from "../validation/ids.ts";
import { issuesOf } from "../validation/parse.ts";

/** A meeting start job's data, as lib/meetings/enqueue-run.ts sends it. */
const startJobSchema = z.object({ meetingId: idSchema, runId: idSchema }) satisfies z.ZodType<MeetingStartJob>;

/**
 * A start job's data as it comes out of the queue, checked before the worker acts on it: anything can
 * be in a queue's table (an older release's job, a hand-made one), and a job that names no meeting
 * must be dropped, not claimed. `problems` name the fields, never their values.
 */
export function parseStartJob(data: unknown): { ok: true; job: MeetingStartJob } | { ok: false; problems: string[] } {
  const parsed = startJobSchema.safeParse(data);
  if (parsed.success) return { ok: true, job: parsed.data };
  return { ok: false, problems: issuesOf(parsed.error).map((i) => `${i.path || "(data)"}: ${i.message}`) };
}
