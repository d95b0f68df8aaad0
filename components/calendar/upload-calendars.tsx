"use client";
import { Check, CircleAlert, Upload } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useRef, useState, type DragEvent } from "react";
import { cn } from "@/components/ui/cn";
import { notifications } from "@/lib/client/notifications";
import type { useCalendars } from "@/lib/client/use-calendar";

type Store = ReturnType<typeof useCalendars>;

/**
 * Upload of .ics files (several at once, or dropped onto the box) with each file's progress (sending,
 * then importing in the jobs process) and its own error: one file that is not a calendar does not
 * stop the others.
 */
export function UploadCalendars({ store, agentId, disabled }: { store: Store; agentId: string | undefined; disabled: boolean }) {
  const t = useTranslations("calendar.sources.upload");
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [dragging, setDragging] = useState(false);

  const send = async (list: FileList | null) => {
    const files = [...(list ?? [])];
    if (files.length === 0 || disabled) return;
    const ok = await store.upload(files, agentId);
    if (ok > 0) notifications.add({ type: "success", message: t("imported", { count: ok }) });
    if (inputRef.current) inputRef.current.value = "";
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    void send(e.dataTransfer.files);
  };

  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn("flex flex-col gap-3 rounded-md border border-dashed p-3", dragging ? "border-primary bg-primary/5" : "border-[var(--border)]")}
    >
      <h3 className="text-sm font-semibold">{t("title")}</h3>
      <p id={hintId} className="text-xs text-[var(--text-muted)]">
        {t("hint")}
      </p>
      <label
        className={cn(
          "inline-flex h-10 w-fit cursor-pointer items-center gap-2 rounded-md bg-primary px-4 text-sm font-medium text-white focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-primary hover:bg-primary-dark",
          (disabled || store.uploading) && "pointer-events-none opacity-50",
        )}
      >
        <Upload size={16} aria-hidden="true" />
        {t("choose")}
        <input
          ref={inputRef}
          type="file"
          accept=".ics,.ical,.ifb,text/calendar"
          multiple
          className="sr-only"
          aria-describedby={hintId}
          disabled={disabled || store.uploading}
          onChange={(e) => void send(e.target.files)}
        />
      </label>
      {store.files.length > 0 && (
        <ul aria-live="polite" className="flex flex-col gap-2 text-sm">
          {store.files.map((f, i) => (
            <li key={`${f.name}-${i}`} className="flex flex-col gap-1">
              {f.state === "uploading" ? (
                <>
                  <span>{t("progress", { name: f.name })}</span>
                  <progress max={1} value={f.progress} aria-label={t("progress", { name: f.name })} className="h-2 w-full accent-primary" />
                </>
              ) : f.state === "importing" ? (
                <>
                  <span>{t("importing", { name: f.name })}</span>
                  {/* No value: the import's own progress is not known, only that it is under way. */}
                  <progress max={1} aria-label={t("importing", { name: f.name })} className="h-2 w-full accent-primary" />
                  <span className="text-xs text-[var(--text-muted)]">{t("importingHint")}</span>
                </>
              ) : f.state === "done" ? (
                <span className="flex items-center gap-1.5 text-success-text">
                  <Check size={16} aria-hidden="true" />
                  {t("done", { name: f.name })}
                </span>
              ) : (
                <span role="alert" className="flex items-start gap-1.5 text-error-text">
                  <CircleAlert size={16} aria-hidden="true" className="mt-0.5 shrink-0" />
                  {t("failed", { name: f.name, message: f.message ?? "" })}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
