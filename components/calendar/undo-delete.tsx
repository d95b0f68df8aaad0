"use client";
import { X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { useMeetingTitle } from "@/components/meetings/use-meeting-title";
import { notifications } from "@/lib/client/notifications";
import type { CalendarEvent } from "@/lib/client/use-calendar";
import { useSubmit } from "@/lib/client/use-submit";

/**
 * "Event deleted" with Undo, in the page above the calendar rather than in a toast: it stays until
 * the user acts (no timer to beat), and Undo is in the tab order like any other button. It takes
 * the focus: the delete happened in the event's dialog, whose trigger (the event) is gone.
 */
export function UndoDelete({ event, onRestore, onDone }: { event: CalendarEvent; onRestore: () => Promise<unknown>; onDone: () => void }) {
  const t = useTranslations("calendar.event");
  const submit = useSubmit();
  const undoRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // After the closing dialog has tried to give focus back to its (removed) trigger.
    const timer = setTimeout(() => undoRef.current?.focus(), 0);
    return () => clearTimeout(timer);
  }, [event.id]);
  const title = useMeetingTitle()(event);
  const undo = () =>
    submit.run(async () => {
      await onRestore();
      notifications.add({ type: "success", message: t("restored", { title }) });
      onDone();
    });
  return (
    <div role="status" className="flex flex-wrap items-center gap-2 rounded-md bg-[var(--surface-muted)] px-3 py-2 text-sm">
      <span className="min-w-0 flex-1 break-words">{t("deletedNamed", { title })}</span>
      <Button ref={undoRef} size="sm" variant="secondary" loading={submit.busy} onClick={() => void undo()}>
        {t("undo")}
      </Button>
      <Button size="sm" variant="ghost" onClick={onDone} aria-label={t("dismiss")} title={t("dismiss")}>
        <X size={16} aria-hidden="true" />
      </Button>
    </div>
  );
}
