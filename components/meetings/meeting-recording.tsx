"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { LazyConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { apiFetch } from "@/lib/client/api";
import { notifications } from "@/lib/client/notifications";
import type { MeetingDetails } from "@/lib/client/use-meetings";
import { useSubmit } from "@/lib/client/use-submit";
import { MeetingTranscript } from "./meeting-transcript";

type Recording = NonNullable<MeetingDetails["recording"]>;

/** The part a moment of the meeting (ms since it started) falls in, and where in that part. */
function locate(parts: Recording["parts"], ms: number): { part: number; seconds: number } {
  let found = 0;
  parts.forEach((p, i) => {
    if (ms >= p.startMs) found = i;
  });
  const part = parts[found];
  return { part: found, seconds: Math.max(0, Math.min(ms - part.startMs, part.durationMs) / 1000) };
}

/**
 * The meeting's recording beside its transcript (docs/recordings.md): a native audio player (keyboard
 * and screen reader work as the browser's own), the line being spoken highlighted, a click or Enter
 * on a line seeks there; download and "Delete recording". Without a playable recording: the
 * transcript alone, and a line saying what became of the recording.
 */
export function MeetingRecording({ meeting, onChanged }: { meeting: MeetingDetails; onChanged: () => void }) {
  const recording = meeting.recording;
  const audio = useRef<HTMLAudioElement>(null);
  const [part, setPart] = useState(0);
  const [nowMs, setNowMs] = useState<number | null>(null);
  const pending = useRef<number | null>(null);
  const parts = recording?.status === "ready" ? recording.parts : [];
  const current = parts[part];

  useEffect(() => {
    const el = audio.current;
    if (!el || !current) return;
    const onTime = () => setNowMs(current.startMs + el.currentTime * 1000);
    const onLoaded = () => {
      if (pending.current === null) return;
      el.currentTime = pending.current;
      pending.current = null;
    };
    el.addEventListener("timeupdate", onTime);
    el.addEventListener("seeked", onTime);
    el.addEventListener("loadedmetadata", onLoaded);
    return () => {
      el.removeEventListener("timeupdate", onTime);
      el.removeEventListener("seeked", onTime);
      el.removeEventListener("loadedmetadata", onLoaded);
    };
  }, [current]);

  const seek = (ms: number) => {
    const to = locate(parts, ms);
    const el = audio.current;
    if (to.part !== part) {
      pending.current = to.seconds;
      setPart(to.part);
    } else if (el) el.currentTime = to.seconds;
    setNowMs(ms);
    void el?.play().catch(() => {});
  };

  return (
    <>
      {recording && <RecordingCard meeting={meeting} recording={recording} part={part} setPart={setPart} audio={audio} onChanged={onChanged} />}
      <MeetingTranscript transcript={meeting.transcript} playback={current ? { nowMs, seek } : undefined} />
    </>
  );
}

function RecordingCard({ meeting, recording, part, setPart, audio, onChanged }: { meeting: MeetingDetails; recording: Recording; part: number; setPart: (n: number) => void; audio: React.RefObject<HTMLAudioElement | null>; onChanged: () => void }) {
  const t = useTranslations("meetings.recording");
  const format = useFormatter();
  const submit = useSubmit();
  const [confirming, setConfirming] = useState(false);
  const current = recording.parts[part];
  const remove = () =>
    submit.run(async () => {
      await apiFetch(`/api/meetings/${meeting.id}/recording`, { method: "DELETE", fallback: t("deleteFailed") });
      setConfirming(false);
      notifications.add({ type: "success", message: t("deleted") });
      onChanged();
    });
  const date = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium" });

  return (
    <Card className="flex flex-col gap-3" aria-labelledby="recording-title">
      <h2 id="recording-title" className="font-semibold">{t("title")}</h2>
      {recording.status === "recording" && <p className="text-sm">{t("inProgress")}</p>}
      {recording.status === "failed" && <p className="text-sm text-[var(--text-muted)]">{t("failed")}</p>}
      {recording.status === "deleted" && (
        <p className="text-sm text-[var(--text-muted)]">{t(recording.deletedReason === "retention" ? "deletedByRetention" : "deletedByUser", { date: recording.deletedAt ? date(recording.deletedAt) : "" })}</p>
      )}
      {recording.status === "ready" && current && (
        <>
          {recording.parts.length > 1 && (
            <div role="group" aria-label={t("parts")} className="flex flex-wrap gap-2">
              {recording.parts.map((p, i) => (
                <Button key={p.index} size="sm" variant={i === part ? "secondary" : "ghost"} aria-pressed={i === part} onClick={() => setPart(i)}>
                  {t("part", { n: i + 1, count: recording.parts.length })}
                </Button>
              ))}
            </div>
          )}
          <audio ref={audio} key={current.url} controls preload="metadata" src={current.url} aria-label={t("player")} className="w-full" />
          <p className="text-xs text-[var(--text-muted)]">
            {t("facts", { minutes: Math.max(1, Math.round(recording.durationSeconds / 60)), mb: (recording.sizeBytes / 1e6).toFixed(1) })}{" "}
            {recording.expiresAt ? t("keptUntil", { date: date(recording.expiresAt) }) : t("keptForever")}
          </p>
          <div className="flex flex-wrap gap-2">
            <a href={current.url} download={`recording-${meeting.id}-${part + 1}.webm`} className="inline-flex h-8 items-center rounded-md border border-[var(--border)] px-3 text-sm hover:bg-hover-light dark:hover:bg-white/5">
              {t("download")}
            </a>
            <Button size="sm" variant="ghost" className="text-error-text" onClick={() => setConfirming(true)}>
              {t("delete")}
            </Button>
          </div>
        </>
      )}
      {confirming && (
        <LazyConfirmDialog open onOpenChange={(open) => !open && setConfirming(false)} title={t("confirmTitle")} description={t("confirmText")} confirmLabel={t("delete")} cancelLabel={t("keep")} busy={submit.busy} onConfirm={remove} />
      )}
    </Card>
  );
}
