"use client";
import { useFormatter, useTranslations } from "next-intl";
import { cn } from "@/components/ui/cn";
import type { CalendarEvent } from "@/lib/client/use-calendar";
import { dayKey, sameDay, weekDays } from "./date-range";
import { EventChip } from "./event-chip";
import { byDay } from "./month-view";

/** A week as seven day columns (stacked on narrow screens), each a labelled list of its events. */
export function WeekView({ anchor, events, onOpen, showAgent }: { anchor: Date; events: CalendarEvent[]; onOpen: (e: CalendarEvent) => void; showAgent: boolean }) {
  const t = useTranslations("calendar");
  const format = useFormatter();
  const days = byDay(events);
  const week = weekDays(anchor);
  const today = new Date();
  return (
    <section aria-label={t("week.caption", { day: format.dateTime(week[0], { dateStyle: "long" }) })} className="grid gap-2 md:grid-cols-7">
      {week.map((day) => {
        const list = days.get(dayKey(day)) ?? [];
        const isToday = sameDay(day, today);
        const headingId = `week-${dayKey(day)}`;
        return (
          <div key={dayKey(day)} className={cn("flex min-h-24 flex-col rounded-md border border-[var(--border)] p-2 md:min-h-64", isToday && "border-primary")}>
            <h3 id={headingId} className="mb-2 text-sm font-medium">
              <time dateTime={dayKey(day)} aria-current={isToday ? "date" : undefined}>
                {format.dateTime(day, { weekday: "short", day: "numeric", month: "short" })}
              </time>
            </h3>
            {list.length === 0 ? (
              <p className="text-xs text-[var(--text-muted)]">{t("week.none")}</p>
            ) : (
              <ul aria-labelledby={headingId} className="flex flex-col gap-1">
                {list.map((e) => (
                  <li key={e.id}>
                    <EventChip event={e} onOpen={() => onOpen(e)} showAgent={showAgent} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
    </section>
  );
}
