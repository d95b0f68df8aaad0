import type { BuiltinTool } from "./builtin-tool.ts";
import { localTime } from "./local-time.ts";

export const currentTime: BuiltinTool = {
  spec: {
    name: "current_time",
    description: "The current date, weekday and time in your time zone. Use it for questions about the time or date, and to work out dates such as 'next Friday'.",
    parameters: { type: "object", properties: {}, additionalProperties: false },
  },
  async run(_args, _context, scope) {
    const now = localTime(new Date(), scope.timeZone);
    return { text: JSON.stringify({ date: now.date, weekday: now.weekday, time: now.time, timeZone: scope.timeZone, utcOffset: now.offset }) };
  },
};
