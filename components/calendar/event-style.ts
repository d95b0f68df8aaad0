import type { CalendarEvent } from "@/lib/client/use-calendar";

// How an event looks by status (spec: pending and blocked events marked). Colour is never the only
// signal: the status is also written out (badge) or named in the chip's label.
export const PLATFORM_DOT: Record<string, string> = { zoom: "bg-zoom", teams: "bg-teams", meet: "bg-meet" };

export const STATUS_BADGE: Record<CalendarEvent["status"], string> = {
  confirmed: "bg-success/15 text-success-text",
  pending: "bg-warning-bg text-[#5c4400]",
  blocked: "bg-error/10 text-error-text",
  cancelled: "bg-[var(--surface-muted)] text-[var(--text-muted)]",
  skipped: "bg-[var(--surface-muted)] text-[var(--text-muted)]",
};

export const STATUS_CHIP: Record<CalendarEvent["status"], string> = {
  confirmed: "border-[var(--border)]",
  pending: "border-dashed border-warning-text",
  blocked: "border-dashed border-error-text",
  cancelled: "border-[var(--border)] text-[var(--text-muted)] line-through",
  skipped: "border-dashed border-[var(--border)] text-[var(--text-muted)]",
};

export function isOver(event: CalendarEvent, now = Date.now()): boolean {
  return new Date(event.end ?? event.start).getTime() <= now;
}
