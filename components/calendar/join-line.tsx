"use client";
import { CircleCheck, CircleSlash } from "lucide-react";
import { useTranslations } from "next-intl";
import { cn } from "@/components/ui/cn";
import type { CalendarEvent } from "@/lib/client/use-calendar";

/** "Cohost will join" / "Cohost won't join: why" in the user's language, from the event's `join`. */
export function useJoinText() {
  const t = useTranslations("calendar.join");
  return (event: CalendarEvent) => (event.join.willJoin ? t("will") : t("wont", { why: t(`reasons.${event.join.reason ?? "switched_off"}`, { keyword: event.join.keyword ?? "" }) }));
}

/** The verdict as a line: an icon (not the only signal) and the words, wrapping at phone width. */
export function JoinLine({ event, className }: { event: CalendarEvent; className?: string }) {
  const text = useJoinText();
  const Icon = event.join.willJoin ? CircleCheck : CircleSlash;
  return (
    <span className={cn("inline-flex min-w-0 items-start gap-1.5 text-xs", event.join.willJoin ? "text-success-text" : "text-[var(--text-muted)]", className)}>
      <Icon aria-hidden="true" size={14} className="mt-px shrink-0" />
      <span className="min-w-0 break-words">{text(event)}</span>
    </span>
  );
}
