"use client";
import { useFormatter, useTranslations } from "next-intl";
import { Ban, CircleHelp } from "lucide-react";
import { cn } from "@/components/ui/cn";
import { useMeetingTitle } from "@/components/meetings/use-meeting-title";
import type { CalendarEvent } from "@/lib/client/use-calendar";
import { PLATFORM_DOT, STATUS_BADGE, STATUS_CHIP } from "./event-style";

/**
 * An event as a button: platform dot, time, title, and its status marked (icon + label). In a month
 * cell (`compact`) it is one line, and the time shows only where the cell is wide enough for it and
 * the title (a container query): a 1280 px screen reads "Design review", not "9:00 AM Desi…"; a
 * phone shows only the dot. In a week column the title gets two lines under the time. The full text
 * is always in the button's accessible name.
 */
export function EventChip({ event, onOpen, compact, showAgent }: { event: CalendarEvent; onOpen: () => void; compact?: boolean; showAgent?: boolean }) {
  const t = useTranslations("calendar");
  const format = useFormatter();
  const time = format.dateTime(new Date(event.start), { timeStyle: "short" });
  const title = useMeetingTitle()(event);
  const StatusIcon = event.status === "blocked" ? Ban : event.status === "pending" ? CircleHelp : null;
  const dot = <span aria-hidden="true" className={cn("h-2 w-2 shrink-0 rounded-full", PLATFORM_DOT[event.platform] ?? "bg-primary")} />;
  const agent = showAgent && <span className="text-[var(--text-muted)]"> · {event.agentName}</span>;
  const status = <span className="sr-only">, {t(`status.${event.status}`)}</span>;
  const icon = StatusIcon && <StatusIcon aria-hidden="true" size={12} className={cn("ml-auto shrink-0", event.status === "blocked" ? "text-error-text" : "text-warning-text")} />;
  const chip = cn(
    "flex w-full min-w-0 rounded border bg-[var(--surface)] px-1.5 py-0.5 text-left text-xs hover:bg-hover-light focus-visible:outline-2 focus-visible:outline-primary dark:hover:bg-white/5",
    STATUS_CHIP[event.status],
  );
  if (compact) {
    return (
      <button type="button" onClick={onOpen} className={cn(chip, "items-center gap-1.5")}>
        {dot}
        <span className="sr-only shrink-0 tabular-nums @[10rem]:not-sr-only">{time}</span>
        <span className="min-w-0 truncate max-sm:sr-only">
          {" "}
          {title}
          {agent}
        </span>
        {status}
        {icon}
      </button>
    );
  }
  return (
    <button type="button" onClick={onOpen} className={cn(chip, "flex-col gap-0.5")}>
      <span className="flex items-center gap-1.5">
        {dot}
        <span className="tabular-nums">{time}</span>
        {icon}
      </span>
      <span className="line-clamp-2 break-words">
        {" "}
        {title}
        {agent}
      </span>
      {status}
    </button>
  );
}

export function StatusBadge({ status }: { status: CalendarEvent["status"] }) {
  const t = useTranslations("calendar.status");
  return <span className={cn("inline-flex shrink-0 rounded-full px-2 py-0.5 text-xs font-medium", STATUS_BADGE[status])}>{t(status)}</span>;
}
