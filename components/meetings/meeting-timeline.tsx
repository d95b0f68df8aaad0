"use client";
import { useFormatter, useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import type { MeetingDetails } from "@/lib/client/use-meetings";
import { useFailureCause } from "./failure-cause";
import { useReasonText } from "./status-chip";

type Event = MeetingDetails["events"][number];
/** Links the bot runtime attaches to a failure: a screenshot and the page's HTML. */
type EventData = { screenshot?: string; html?: string } | null;

/** What a status change meant, in words (messages meetings.timeline). */
function step(e: Event): string {
  if (!e.fromStatus) return e.toStatus === "scheduled" ? "scheduled" : "sent";
  if (e.toStatus === "joining") return e.fromStatus === "scheduled" ? "joining" : "sentAgain";
  return e.toStatus;
}

/** The meeting's timeline: every status change and note, oldest first, in plain words. */
export function MeetingTimeline({ events }: { events: Event[] }) {
  const t = useTranslations("meetings");
  const format = useFormatter();
  const reasonText = useReasonText();
  const failureCause = useFailureCause();
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="font-semibold">{t("details.timeline")}</h2>
      {events.length === 0 ? (
        <p className="text-sm text-[var(--text-muted)]">{t("details.noEvents")}</p>
      ) : (
        <ol className="flex flex-col gap-3 border-l border-[var(--border)] pl-4 text-sm">
          {events.map((e) => {
            const data = e.data as EventData;
            const moved = e.fromStatus && e.fromStatus !== e.toStatus;
            return (
              <li key={e.id} className="relative">
                <span aria-hidden="true" className="absolute -left-[21px] top-1.5 h-2 w-2 rounded-full bg-primary" />
                <time dateTime={e.createdAt} className="block text-xs text-[var(--text-muted)]">
                  {format.dateTime(new Date(e.createdAt), { dateStyle: "medium", timeStyle: "medium" })}
                </time>
                {(moved || !e.fromStatus) && <span className="font-medium">{t(`timeline.${step(e)}`)}</span>}
                {reasonText(e.reason) && <p className="text-[var(--text-muted)]">{reasonText(e.reason)}</p>}
                {!reasonText(e.reason) && e.reason && <p className="font-mono text-xs text-[var(--text-muted)]">{e.reason}</p>}
                {failureCause(e.data) && <p className="break-words text-[var(--text-muted)]">{failureCause(e.data)}</p>}
                {(data?.screenshot || data?.html) && (
                  <p className="mt-1 flex gap-3">
                    {data.screenshot && (
                      <a href={data.screenshot} target="_blank" rel="noreferrer" className="text-primary underline dark:text-[var(--text)]">
                        {t("details.screenshot")}
                      </a>
                    )}
                    {data.html && (
                      <a href={data.html} target="_blank" rel="noreferrer" className="text-primary underline dark:text-[var(--text)]">
                        {t("details.pageHtml")}
                      </a>
                    )}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
