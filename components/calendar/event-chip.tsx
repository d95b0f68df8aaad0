"use client";
import { useFormatter, useTranslations } from "next-intl";
import { Ban, CircleHelp } from "lucide-react";
import { cn } from "@/components/ui/cn";
import type { CalendarEvent } from "@/lib/client/use-calendar";
import { PLATFORM_DOT, STATUS_BADGE, STATUS_CHIP } from "./event-style";

/** An event as a button: platform dot, time, title, and its status marked (icon + label). */
export function EventChip({ event, onOpen, compact, showAgent }: { event: CalendarEvent; onOpen: () => void; compact?: boolean; showAgent?: boolean }) {
  const t = useTranslations("calendar");
  const format = useFormatter();
  const time = format.dateTime(new Date(event.start), { timeStyle: "short" });
  const title = event.title || t("event.untitled");
  const StatusIcon = event.status === "blocked" ? Ban : event.status === "pending" ? CircleHelp : null;
  return (
    <button
      type="button"
      onClick={onOpen}
      className={cn(
        "flex w-full min-w-0 items-center gap-1.5 rounded border bg-[var(--surface)] px-1.5 py-0.5 text-left text-xs hover:bg-hover-light focus-visible:outline-2 focus-visible:outline-primary dark:hover:bg-white/5",
        STATUS_CHIP[event.status],
      )}
    >
      <span aria-hidden="true" className={cn("h-2 w-2 shrink-0 rounded-full", PLATFORM_DOT[event.platform] ?? "bg-primary")} />
      {/* On a phone a month cell only has room for the dot; the text stays for screen readers. */}
      <span className={cn("shrink-0 tabular-nums", compact && "max-sm:sr-only")}>{time}</span>
      <span className={cn("min-w-0 truncate", compact && "max-sm:sr-only")}>
        {" "}
        {title}
        {showAgent && <span className="text-[var(--text-muted)]"> · {event.agentName}</span>}
      </span>
      <span className="sr-only">, {t(`status.${event.status}`)}</span>
      {StatusIcon && <StatusIcon aria-hidden="true" size={12} className={cn("ml-auto shrink-0", event.status === "blocked" ? "text-error-text" : "text-warning-text")} />}
    </button>
  );
}

export function StatusBadge({ status }: { status: CalendarEvent["status"] }) {
  const t = useTranslations("calendar.status");
  return <span className={cn("inline-flex shrink-0 rounded-full px-2 py-0.5 text-xs font-medium", STATUS_BADGE[status])}>{t(status)}</span>;
}
