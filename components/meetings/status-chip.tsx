"use client";
import { useTranslations } from "next-intl";
import { cn } from "@/components/ui/cn";
import type { MeetingStatus } from "@/lib/client/use-meetings";

// Text colours are the AA-contrast shades of the palette (app/globals.css), never white on a brand colour.
const TONE: Record<MeetingStatus, string> = {
  scheduled: "bg-primary-light text-primary-dark dark:bg-primary/30 dark:text-[var(--text)]",
  joining: "bg-warning-bg text-[#5c4400]",
  waiting_room: "bg-warning-bg text-[#5c4400]",
  in_progress: "bg-success/15 text-success-text",
  completed: "bg-hover-light text-[var(--text)] dark:bg-white/10",
  cancelled: "bg-hover-light text-[var(--text-muted)] dark:bg-white/10",
  failed: "bg-error/15 text-error-text",
};

export function StatusChip({ status, className }: { status: MeetingStatus; className?: string }) {
  const t = useTranslations("meetings.status");
  const live = status === "joining" || status === "waiting_room" || status === "in_progress";
  return (
    <span className={cn("inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium", TONE[status], className)}>
      {live && <span aria-hidden="true" className="h-1.5 w-1.5 animate-pulse rounded-full bg-current" />}
      {t(status)}
    </span>
  );
}

/** A status reason in plain words (messages meetings.reasons), or nothing for an unknown code. */
export function useReasonText() {
  const t = useTranslations("meetings.reasons");
  return (reason: string | null | undefined) => (reason && t.has(reason) ? t(reason) : null);
}
