// Builds small ICS files for the database tests, with times relative to now (the import window and
// meeting scheduling look at the clock; fixtures with fixed dates are for the parser's own tests).
const HOUR = 3600_000;

/** A whole hour `days` days and `hours` hours from the start of the current UTC hour. */
export function at(days: number, hours = 0): Date {
  const base = Math.floor(Date.now() / HOUR) * HOUR;
  return new Date(base + days * 24 * HOUR + hours * HOUR);
}

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");

export interface TestEvent {
  uid: string;
  start: Date;
  end?: Date | null;
  title?: string;
  /** Put in LOCATION; use `description` for text. */
  location?: string;
  description?: string;
  organizer?: string;
  sequence?: number;
  status?: "CONFIRMED" | "CANCELLED" | "TENTATIVE";
  rrule?: string;
  recurrenceId?: Date;
}

export function vevent(e: TestEvent): string[] {
  return [
    "BEGIN:VEVENT",
    `UID:${e.uid}`,
    `DTSTAMP:${stamp(new Date(0))}`,
    ...(e.recurrenceId ? [`RECURRENCE-ID:${stamp(e.recurrenceId)}`] : []),
    `DTSTART:${stamp(e.start)}`,
    ...(e.end === null ? [] : [`DTEND:${stamp(e.end ?? new Date(e.start.getTime() + HOUR))}`]),
    `SUMMARY:${e.title ?? "Sync"}`,
    ...(e.location ? [`LOCATION:${e.location}`] : []),
    ...(e.description ? [`DESCRIPTION:${e.description}`] : []),
    ...(e.organizer ? [`ORGANIZER;CN=Organiser:mailto:${e.organizer}`] : []),
    `SEQUENCE:${e.sequence ?? 0}`,
    ...(e.status ? [`STATUS:${e.status}`] : []),
    ...(e.rrule ? [`RRULE:${e.rrule}`] : []),
    "END:VEVENT",
  ];
}

export function vcalendar(events: TestEvent[], name?: string): string {
  return ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Cohost tests//EN", ...(name ? [`X-WR-CALNAME:${name}`] : []), ...events.flatMap(vevent), "END:VCALENDAR", ""].join("\r\n");
}

export const ZOOM = "https://us02web.zoom.us/j/85212345678?pwd=AbC1";
export const MEET = "https://meet.google.com/xkq-wbnr-tpa";
export const TEAMS = "https://teams.live.com/meet/9398765432101?p=AbCdEfGh";
