import { z } from "zod";
import { isIsoDate } from "../tools/builtin/add-action-item.ts";

/** What a summary holds: the gist, what was decided, who does what by when. */
export interface Minutes {
  summary: string;
  decisions: string[];
  actionItems: { text: string; owner: string | null; due: string | null }[];
}

const text = (max: number) => z.string().trim().max(max);
const schema = z.object({
  summary: text(20_000),
  decisions: z.array(text(2_000)).max(100).default([]),
  actionItems: z
    .array(
      z.object({
        text: text(2_000),
        owner: z.string().trim().max(200).nullish(),
        due: z.string().trim().max(40).nullish(),
      }),
    )
    .max(100)
    .default([]),
});

/**
 * The model's answer as minutes: the first JSON object in it (models wrap JSON in code fences or a
 * sentence despite being told not to), validated. A due date that is not YYYY-MM-DD is dropped
 * rather than guessed. Null when there is no such object.
 */
export function parseMinutes(answer: string): Minutes | null {
  const start = answer.indexOf("{");
  const end = answer.lastIndexOf("}");
  if (start === -1 || end <= start) return null;
  let json: unknown;
  try {
    json = JSON.parse(answer.slice(start, end + 1));
  } catch {
    return null;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) return null;
  return {
    summary: parsed.data.summary,
    decisions: parsed.data.decisions.filter(Boolean),
    actionItems: parsed.data.actionItems
      .filter((a) => a.text)
      .map((a) => ({ text: a.text, owner: a.owner || null, due: a.due && isIsoDate(a.due) ? a.due : null })),
  };
}
