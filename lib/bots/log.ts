// Structured logs for the bot runtime: one JSON object per line on stdout (stderr for errors), with
// the meeting and run in every line about a meeting, so a meeting's story can be grepped out of a
// worker's log. Never put keys or transcripts in a log line.
export interface LogLine {
  event: string;
  level?: "info" | "warn" | "error";
  meetingId?: string;
  runId?: string;
  [field: string]: unknown;
}

export function log(line: LogLine): void {
  const { level = "info", ...rest } = line;
  const text = JSON.stringify({ time: new Date().toISOString(), level, ...rest });
  if (level === "error") console.error(text);
  else console.log(text);
}

/** A logger bound to one meeting's run. */
export function meetingLog(meetingId: string, runId: string) {
  return (event: string, fields: Omit<LogLine, "event"> = {}) => log({ event, meetingId, runId, ...fields });
}
