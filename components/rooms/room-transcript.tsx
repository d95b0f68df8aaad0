"use client";
import { Wrench } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { memo } from "react";
import { Card } from "@/components/ui/card";
import type { TranscriptLine } from "@/lib/client/room-call";
import { FollowLog } from "./follow-log";

/** The live transcript written by the agent(s) in the room; follows new lines unless scrolled up. */
export const RoomTranscript = memo(function RoomTranscript({ lines, agentListening }: { lines: TranscriptLine[]; agentListening: boolean }) {
  const t = useTranslations("rooms");
  const format = useFormatter();

  return (
    <Card className="flex min-h-[16rem] flex-col">
      <h2 id="room-transcript" className="text-base font-semibold">
        {t("transcript")}
      </h2>
      {lines.length === 0 && <p className="mt-3 text-sm text-[var(--text-muted)]">{t(agentListening ? "transcriptListening" : "transcriptEmpty")}</p>}
      <FollowLog lines={lines} labelledBy="room-transcript" className="mt-3 max-h-[50vh]">
        <ol className="flex flex-col gap-3">
          {lines.map((line) => (
            <li key={line.id} className="text-sm">
              <span className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-semibold">{line.speaker}</span>
                {line.isAgent && <span className="rounded bg-primary-light px-1.5 text-xs font-medium text-primary-dark">{t("agent")}</span>}
                {line.chat && <span className="rounded bg-[var(--surface-muted)] px-1.5 text-xs font-medium text-[var(--text-muted)]">{t("chatLine")}</span>}
                <time dateTime={line.at} className="text-xs text-[var(--text-muted)]">
                  {format.dateTime(new Date(line.at), { timeStyle: "medium" })}
                </time>
              </span>
              {line.tool ? (
                // A tool call is not speech: set apart, in words, not in the agent's voice (issue 31).
                <span data-tool-call className="mt-0.5 flex items-center gap-1.5 text-xs text-[var(--text-muted)] italic">
                  <Wrench size={12} aria-hidden="true" className="shrink-0" />
                  {t(line.tool.ok ? "toolUsed" : "toolFailed", { tool: line.tool.name, seconds: format.number(line.tool.durationMs / 1000, { maximumFractionDigits: 1 }) })}
                </span>
              ) : (
                <span className="mt-0.5 block break-words">{line.text}</span>
              )}
            </li>
          ))}
        </ol>
      </FollowLog>
    </Card>
  );
});
