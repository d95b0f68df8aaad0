import { db } from "../../db/client.ts";
import type { BuiltinTool } from "./builtin-tool.ts";

export const MAX_NOTE_CHARS = 1000;

export const addNote: BuiltinTool = {
  spec: {
    name: "add_note",
    description: "Writes a note into the meeting's notes (shown on the meeting page and in the summary). Use it when someone asks you to note, remember or write something down.",
    parameters: {
      type: "object",
      properties: { text: { type: "string", description: "The note, in one or two sentences" } },
      required: ["text"],
      additionalProperties: false,
    },
  },
  async run(args, context, scope) {
    const text = typeof args.text === "string" ? args.text.trim() : "";
    if (!text) return { text: "The note needs some text.", isError: true };
    await db.meetingNote.create({ data: { meetingId: scope.meetingId, kind: "note", text: text.slice(0, MAX_NOTE_CHARS), askedBy: context.speakerId ? context.speaker : null } });
    return { text: "Noted." };
  },
};
