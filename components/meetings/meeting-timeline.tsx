"use client";
import { useFormatter, useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import type { MeetingDetails } from "@/lib/client/use-meetings";
import { useFailureCause } from "./failure-cause";
import { LeaveRuleLine } from "./leave-rule-line";
import { useReasonText } from "./status-chip";

type Event = MeetingDetails["events"][number];
/** Links the bot runtime attaches to a failure (a screenshot and the page's HTML), or a tool call's record. */
type EventData = { screenshot?: string; html?: string } | null;
type ToolCallData = { tool: string; server: string | null; durationMs: number; ok: boolean; error?: string; arguments?: string };

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
                {e.reason === "tool_call" ? (
                  <ToolCallLine call={e.data as ToolCallData} />
                ) : (
                  <>
                    {reasonText(e.reason) && <p className="text-[var(--text-muted)]">{reasonText(e.reason)}</p>}
                    {!reasonText(e.reason) && e.reason && <p className="font-mono text-xs text-[var(--text-muted)]">{e.reason}</p>}
                  </>
                )}
                {e.reason === "tool_server_unavailable" && <p className="text-xs text-[var(--text-muted)]">{(e.data as { server: string; message: string }).server}: {(e.data as { message: string }).message}</p>}
                <LeaveRuleLine data={e.data} />
                {e.reason !== "tool_call" && failureCause(e.data) && <p className="break-words text-[var(--text-muted)]">{failureCause(e.data)}</p>}
                {/* The bot's screenshot and page HTML are for finding out why it failed: not shown otherwise. */}
                {e.toStatus === "failed" && (data?.screenshot || data?.html) && (
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

/** "multiply (Calculator): ok, 0.1 s" with the arguments in short, or why it failed. */
function ToolCallLine({ call }: { call: ToolCallData }) {
  const t = useTranslations("meetings.details");
  const format = useFormatter();
  // In the reader's number format ("3,5 s" in German).
  const seconds = format.number(call.durationMs / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <p className="text-[var(--text-muted)]">
      <span className="font-medium text-[var(--text)]">{call.server ? t("toolCallFrom", { tool: call.tool, server: call.server }) : t("toolCall", { tool: call.tool })}</span>{" "}
      {call.ok ? t("toolOk", { seconds }) : t("toolFailed", { seconds, error: call.error ?? "" })}
      {/* Wraps between words where it can, not in the middle of each (break-all did). */}
      {call.arguments && <code className="ml-1 font-mono text-xs [overflow-wrap:anywhere]">{call.arguments}</code>}
    </p>
  );
}
