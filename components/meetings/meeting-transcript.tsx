"use client";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import type { MeetingDetails } from "@/lib/client/use-meetings";

function clock(ms: number): string {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, "0");
  const ss = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** With a recording: where the player is (ms since the meeting started) and how to play from a line. */
export interface TranscriptPlayback {
  nowMs: number | null;
  seek: (ms: number) => void;
}

/** The line being spoken at `nowMs`: the last one that started by then. */
function speakingAt(transcript: MeetingDetails["transcript"], nowMs: number | null): string | null {
  if (nowMs === null) return null;
  let found: string | null = null;
  for (const s of transcript) if (!s.tool && s.startMs <= nowMs) found = s.id;
  return found;
}

/**
 * Speaker-labelled transcript; follows new lines while the reader is at the bottom. With a recording
 * each line is a button that plays from there, and the line being heard is marked (aria-current).
 */
export function MeetingTranscript({ transcript, playback }: { transcript: MeetingDetails["transcript"]; playback?: TranscriptPlayback }) {
  const t = useTranslations("meetings.details");
  const box = useRef<HTMLOListElement>(null);
  const atBottom = useRef(true);
  useEffect(() => {
    const el = box.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [transcript.length]);
  const speaking = speakingAt(transcript, playback?.nowMs ?? null);
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="font-semibold">{t("transcript")}</h2>
      {transcript.length === 0 ? (
        <p className="text-sm text-[var(--text-muted)]">{t("noTranscript")}</p>
      ) : (
        <ol
          ref={box}
          aria-live="polite"
          tabIndex={0}
          aria-label={t("transcript")}
          onScroll={(e) => {
            const el = e.currentTarget;
            atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
          }}
          className="flex max-h-[28rem] flex-col gap-2 overflow-y-auto text-sm"
        >
          {transcript.map((s) =>
            s.tool ? (
              // A tool call of the agent: what it called, with what, and how it went.
              <li key={s.id} className="px-3 text-xs text-[var(--text-muted)]">
                <span className="mr-2 tabular-nums">{clock(s.startMs)}</span>
                {t(s.tool.ok ? "toolLineOk" : "toolLineFailed", { agent: s.speaker, tool: s.tool.name, seconds: (s.tool.durationMs / 1000).toFixed(1), error: s.tool.error ?? "" })}
                <code className="ml-1 break-all font-mono">{s.tool.arguments}</code>
              </li>
            ) : (
              <li
                key={s.id}
                aria-current={s.id === speaking ? "true" : undefined}
                className={cn("rounded-md", playback ? "" : "px-3 py-2", s.isAgent ? "bg-primary-light/60 dark:bg-primary/20" : "bg-[var(--surface-muted)]", s.id === speaking && "ring-2 ring-primary")}
              >
                {playback ? (
                  <button type="button" onClick={() => playback.seek(s.startMs)} aria-label={t("playFrom", { time: clock(s.startMs), speaker: s.speaker, text: s.text })} className="w-full rounded-md px-3 py-2 text-left hover:bg-hover-light focus-visible:outline-2 dark:hover:bg-white/5">
                    <Line s={s} interrupted={t("interrupted")} chat={t("chatLine")} />
                  </button>
                ) : (
                  <Line s={s} interrupted={t("interrupted")} chat={t("chatLine")} />
                )}
              </li>
            ),
          )}
        </ol>
      )}
    </Card>
  );
}

function Line({ s, interrupted, chat }: { s: MeetingDetails["transcript"][number]; interrupted: string; chat: string }) {
  return (
    <>
      <span className="mr-2 text-xs tabular-nums text-[var(--text-muted)]">{clock(s.startMs)}</span>
      <span className="font-medium">{s.speaker}</span>
      {s.chat && <span className="ml-1 rounded bg-[var(--surface)] px-1.5 text-xs font-medium text-[var(--text-muted)]">{chat}</span>}
      <span className="ml-1">{s.text}</span>
      {s.interrupted && <span className="ml-1 text-xs text-[var(--text-muted)]">{interrupted}</span>}
    </>
  );
}
