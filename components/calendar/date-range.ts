// Calendar arithmetic in the browser's own time zone (what the user's wall clock says). Weeks start
// on Monday (ISO 8601), as in most of the world and in both of our languages' regions.

export type CalendarView = "month" | "week" | "list";
export const VIEWS: readonly CalendarView[] = ["month", "week", "list"];
/** The list view shows this many days from its first day. */
const LIST_DAYS = 30;

export function startOfDay(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate());
}

/** Calendar days, not 24-hour steps: a daylight-saving change keeps midnight at midnight. */
export function addDays(d: Date, days: number): Date {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days, d.getHours(), d.getMinutes());
}

export function startOfWeek(d: Date): Date {
  const day = startOfDay(d);
  return addDays(day, -((day.getDay() + 6) % 7));
}

export function startOfMonth(d: Date): Date {
  return new Date(d.getFullYear(), d.getMonth(), 1);
}

export function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** A local day as YYYY-MM-DD (keys, and the value of date inputs). */
export function dayKey(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Six Monday-first weeks covering the anchor's month (a fixed height for every month). */
export function monthGrid(anchor: Date): Date[][] {
  const first = startOfWeek(startOfMonth(anchor));
  return Array.from({ length: 6 }, (_, w) => Array.from({ length: 7 }, (_, d) => addDays(first, w * 7 + d)));
}

export function weekDays(anchor: Date): Date[] {
  const first = startOfWeek(anchor);
  return Array.from({ length: 7 }, (_, d) => addDays(first, d));
}

/** The span of time a view shows: what to ask the server for. */
export function visibleRange(view: CalendarView, anchor: Date): { from: Date; to: Date } {
  if (view === "month") {
    const grid = monthGrid(anchor);
    return { from: grid[0][0], to: addDays(grid[5][6], 1) };
  }
  if (view === "week") {
    const from = startOfWeek(anchor);
    return { from, to: addDays(from, 7) };
  }
  const from = startOfDay(anchor);
  return { from, to: addDays(from, LIST_DAYS) };
}

/**
 * The first day a view shows: what another view starts from when the user switches, so the days
 * they were looking at stay in view (week → list starts on that Monday, not mid-week). A month
 * starts at today when it holds today, else at its 1st.
 */
function firstShownDay(view: CalendarView, anchor: Date, today: Date): Date {
  if (view === "week") return startOfWeek(anchor);
  if (view === "list") return startOfDay(anchor);
  return anchor.getFullYear() === today.getFullYear() && anchor.getMonth() === today.getMonth() ? startOfDay(today) : startOfMonth(anchor);
}

/** The anchor after switching from one view to another (see firstShownDay). */
export function switchAnchor(from: CalendarView, anchor: Date, today = new Date()): Date {
  return firstShownDay(from, anchor, today);
}

/** The anchor one page earlier (-1) or later (+1) in a view. */
export function shiftAnchor(view: CalendarView, anchor: Date, direction: -1 | 1): Date {
  if (view === "month") return new Date(anchor.getFullYear(), anchor.getMonth() + direction, 1);
  return addDays(startOfDay(anchor), direction * (view === "week" ? 7 : LIST_DAYS));
}

/** Value of a datetime-local input for a time, in the browser's zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${dayKey(d)}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local input's value as an ISO instant (the input has no zone: it is the browser's). */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
