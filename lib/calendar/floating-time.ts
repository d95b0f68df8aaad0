// A "floating" ICS time (no TZID, no Z) means "this wall-clock time wherever you are". node-ical reads
// it in the server process's zone, which says nothing about the calendar; we read it in the
// calendar's own zone (X-WR-TIMEZONE) or UTC instead, so the result does not depend on where Cohost runs.

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The calendar's declared zone when it is one the runtime knows, else UTC. */
export function floatingZone(declared: string | undefined): string {
  const zone = declared?.trim();
  return zone && isTimeZone(zone) ? zone : "UTC";
}

/** Milliseconds the zone is ahead of UTC at an instant. */
function zoneOffsetMs(zone: string, instant: number): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * `parsed` shows the floating wall-clock time in this process's zone; returns the instant at which
 * `zone` shows that wall-clock time. Two passes settle the offset across a DST change.
 */
export function reinterpretFloating(parsed: Date, zone: string): Date {
  const wall = Date.UTC(parsed.getFullYear(), parsed.getMonth(), parsed.getDate(), parsed.getHours(), parsed.getMinutes(), parsed.getSeconds());
  let instant = wall - zoneOffsetMs(zone, wall);
  instant = wall - zoneOffsetMs(zone, instant);
  return new Date(instant);
}
