"use client";
import { useFormatter, useTranslations } from "next-intl";
import { cn } from "@/components/ui/cn";
import type { CalendarEvent } from "@/lib/client/use-calendar";
import { dayKey, monthGrid, sameDay } from "./date-range";
import { EventChip } from "./event-chip";

const SHOWN_PER_DAY = 3;

/** Group events by the local day they start on. */
export function byDay(events: CalendarEvent[]): Map<string, CalendarEvent[]> {
  const days = new Map<string, CalendarEvent[]>();
  for (const e of events) {
    const key = dayKey(new Date(e.start));
    days.set(key, [...(days.get(key) ?? []), e]);
  }
  return days;
}

/**
 * A month as a table (weekday headers, one row per week): screen readers announce day and events
 * by row and column; every event is a button in the tab order. On narrow screens chips shrink to
 * their platform dot (the button keeps its full label).
 */
export function MonthView({ anchor, events, onOpen, onShowWeek, showAgent }: { anchor: Date; events: CalendarEvent[]; onOpen: (e: CalendarEvent) => void; onShowWeek: (day: Date) => void; showAgent: boolean }) {
  const t = useTranslations("calendar");
  const format = useFormatter();
  const grid = monthGrid(anchor);
  const days = byDay(events);
  const today = new Date();
  return (
    <table className="w-full table-fixed border-collapse text-sm">
      <caption className="sr-only">{t("month.caption", { month: format.dateTime(anchor, { month: "long", year: "numeric" }) })}</caption>
      <thead>
        <tr>
          {grid[0].map((d) => (
            <th key={dayKey(d)} scope="col" className="pb-2 text-center text-xs font-medium text-[var(--text-muted)]">
              <abbr title={format.dateTime(d, { weekday: "long" })} className="no-underline">
                {format.dateTime(d, { weekday: "short" })}
              </abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {grid.map((week) => (
          <tr key={dayKey(week[0])}>
            {week.map((day) => {
              const list = days.get(dayKey(day)) ?? [];
              const inMonth = day.getMonth() === anchor.getMonth();
              const isToday = sameDay(day, today);
              return (
                <td key={dayKey(day)} className={cn("h-20 border border-[var(--border)] p-1 align-top sm:h-28", !inMonth && "bg-[var(--surface-muted)]")}>
                  <div className="mb-1 flex justify-end">
                    <time
                      dateTime={dayKey(day)}
                      aria-current={isToday ? "date" : undefined}
                      aria-label={format.dateTime(day, { dateStyle: "full" })}
                      className={cn("inline-flex h-6 min-w-6 items-center justify-center rounded-full px-1 text-xs", isToday ? "bg-primary font-semibold text-white" : !inMonth && "text-[var(--text-muted)]")}
                    >
                      {day.getDate()}
                    </time>
                  </div>
                  {/* A size container: each chip shows its time only when the cell has room for it. */}
                  <ul className="@container flex flex-col gap-0.5">
                    {list.slice(0, SHOWN_PER_DAY).map((e) => (
                      <li key={e.id}>
                        <EventChip event={e} onOpen={() => onOpen(e)} compact showAgent={showAgent} />
                      </li>
                    ))}
                  </ul>
                  {list.length > SHOWN_PER_DAY && (
                    <button
                      type="button"
                      onClick={() => onShowWeek(day)}
                      aria-label={t("month.moreLabel", { count: list.length - SHOWN_PER_DAY, day: format.dateTime(day, { dateStyle: "long" }) })}
                      className="mt-0.5 rounded px-1 text-xs text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary dark:text-primary-light"
                    >
                      {t("month.more", { count: list.length - SHOWN_PER_DAY })}
                    </button>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
