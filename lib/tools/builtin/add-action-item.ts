import { db } from "../../db/client.ts";
import { MAX_NOTE_CHARS } from "./add-note.ts";
import type { BuiltinTool } from "./builtin-tool.ts";

/** A real calendar date as YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

export const addActionItem: BuiltinTool = {
  spec: {
    name: "add_action_item",
    description: "Records an action item: a task someone agreed to do, with who does it and by when if that was said. Use current_time first to turn a day like 'Friday' into a date.",
    parameters: {
      type: "object",
      properties: {
        text: { type: "string", description: "What is to be done" },
        owner: { type: "string", description: "Who does it (a name), if known" },
        due: { type: "string", description: "Due date as YYYY-MM-DD, if known" },
      },
      required: ["text"],
      additionalProperties: false,
    },
  },
  async run(args, context, scope) {
    const text = typeof args.text === "string" ? args.text.trim() : "";
    if (!text) return { text: "The action item needs a description.", isError: true };
    const owner = typeof args.owner === "string" && args.owner.trim() ? args.owner.trim().slice(0, 200) : null;
    const due = typeof args.due === "string" && args.due.trim() ? args.due.trim() : null;
    if (due && !isIsoDate(due)) return { text: `The due date must be a date as YYYY-MM-DD, not "${due.slice(0, 40)}".`, isError: true };
    await db.meetingNote.create({ data: { meetingId: scope.meetingId, kind: "action_item", text: text.slice(0, MAX_NOTE_CHARS), owner, due, askedBy: context.speakerId ? context.speaker : null } });
    return { text: `Action item recorded${owner ? ` for ${owner}` : ""}${due ? `, due ${due}` : ""}.` };
  },
};
