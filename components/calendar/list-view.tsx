"use client";
import { useFormatter, useTranslations } from "next-intl";
import { cn } from "@/components/ui/cn";
import { useMeetingTitle } from "@/components/meetings/use-meeting-title";
import type { CalendarEvent } from "@/lib/client/use-calendar";
import { StatusBadge } from "./event-chip";
import { PLATFORM_DOT } from "./event-style";
import { JoinLine } from "./join-line";
import { byDay } from "./month-view";

/** Events day by day, each a full-width button with time range, title, agent and status. */
export function ListView({ range, events, onOpen, showAgent }: { range: { from: Date; to: Date }; events: CalendarEvent[]; onOpen: (e: CalendarEvent) => void; showAgent: boolean }) {
  const t = useTranslations("calendar");
  const format = useFormatter();
  const meetingTitle = useMeetingTitle();
  const last = new Date(range.to.getTime() - 1);
  const label = t("list.label", { from: format.dateTime(range.from, { dateStyle: "long" }), to: format.dateTime(last, { dateStyle: "long" }) });
  if (events.length === 0) return <p className="py-8 text-center text-sm text-[var(--text-muted)]">{t("list.empty")}</p>;
  return (
    <section aria-label={label} className="flex flex-col gap-4">
      {[...byDay(events)].map(([key, list]) => (
        <div key={key}>
          <h3 className="mb-1 text-sm font-semibold">
            <time dateTime={key}>{format.dateTime(new Date(list[0].start), { dateStyle: "full" })}</time>
          </h3>
          <ul className="divide-y divide-[var(--border)] rounded-md border border-[var(--border)]">
            {list.map((e) => (
              <li key={e.id}>
                <button
                  type="button"
                  onClick={() => onOpen(e)}
                  className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-left text-sm hover:bg-hover-light focus-visible:outline-2 focus-visible:outline-primary dark:hover:bg-white/5"
                >
                  <span className="w-40 shrink-0 whitespace-nowrap tabular-nums text-[var(--text-muted)]">
                    {format.dateTimeRange(new Date(e.start), new Date(e.end ?? e.start), { timeStyle: "short" })}
                  </span>
                  {/* The platform's dot with the title, at least 10 rem: on a phone both move under the time
                      instead of the title shrinking to a letter. The title is relative, so the sr-only
                      platform after a cut-off title is clipped with it rather than widening the page. */}
                  <span className="flex min-w-40 flex-1 items-center gap-3">
                    <span aria-hidden="true" className={cn("h-2.5 w-2.5 shrink-0 rounded-full", PLATFORM_DOT[e.platform] ?? "bg-primary")} />
                    <span className={cn("relative min-w-0 flex-1 truncate font-medium", e.status === "cancelled" && "line-through text-[var(--text-muted)]")}>
                      {meetingTitle(e)}
                      <span className="sr-only">, {t(`platforms.${e.platform}`)}</span>
                    </span>
                  </span>
                  {showAgent && <span className="text-[var(--text-muted)]">{e.agentName}</span>}
                  <StatusBadge status={e.status} />
                  {/* Whether Cohost joins, and why not, on a line of its own (readable at phone width). */}
                  <JoinLine event={e} className="basis-full sm:pl-43" />
                </button>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
