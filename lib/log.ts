// The one structured logger of the server (routes, bot workers, the voice pipeline, billing and
// jobs; ESLint forbids console.* elsewhere): one JSON object per line on stdout (stderr for errors),
// so a log shipper indexes every field. Lines about a meeting carry its `meetingId` and `runId`
// (bind them once with `logger()`), so a meeting's whole story — joining, turns, provider retries,
// billing — greps out of a worker's log; lines about a user's request carry its `userId`. Never put
// keys or transcripts in a log line.
export type LogLevel = "info" | "warn" | "error";

export interface LogLine {
  event: string;
  level?: LogLevel;
  meetingId?: string;
  runId?: string;
  [field: string]: unknown;
}

/** Logs `event` with the logger's bound fields plus `fields`. */
export type Logger = (event: string, fields?: Omit<LogLine, "event">) => void;

// Money is bigint; JSON.stringify would throw on it. A log line must never throw. An Error in a field
// (a library's metadata) would be {}: its stack is what says something.
const replacer = (_key: string, value: unknown) => (typeof value === "bigint" ? value.toString() : value instanceof Error ? errorText(value) : value);

export function log(line: LogLine): void {
  const { level = "info", ...rest } = line;
  let text: string;
  try {
    text = JSON.stringify({ time: new Date().toISOString(), level, ...rest }, replacer);
  } catch (err) {
    text = JSON.stringify({ time: new Date().toISOString(), level, event: line.event, logError: String(err) });
  }
  if (level === "error") console.error(text);
  else console.log(text);
}

/** A logger whose every line carries `bound` (e.g. the worker, or a meeting's run). */
export function logger(bound: Omit<LogLine, "event" | "level"> = {}): Logger {
  return (event, fields = {}) => log({ ...bound, event, ...fields });
}

/** A logger bound to one meeting's run. */
export function meetingLog(meetingId: string, runId: string): Logger {
  return logger({ meetingId, runId });
}

/** An error for a log line: its stack when it has one (our code's errors), else its text. */
export function errorText(err: unknown): string {
  if (err instanceof Error) return err.stack ?? `${err.name}: ${err.message}`;
  return String(err);
}

/**
 * A failure that repeats while its cause lasts (a poll while the database is down): logged when it
 * starts, and once more when it is over, with how long it lasted — not once per try.
 */
export function repeatedFailure(log: Logger, event: string) {
  let since: number | null = null;
  return {
    failed(err: unknown, fields: Omit<LogLine, "event"> = {}) {
      if (since !== null) return;
      since = Date.now();
      log(event, { level: "error", error: String(err), ...fields });
    },
    succeeded() {
      if (since === null) return;
      log(`${event}_over`, { failedForMs: Date.now() - since });
      since = null;
    },
  };
}
