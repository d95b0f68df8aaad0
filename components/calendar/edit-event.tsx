"use client";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { issuesFor, messageOf } from "@/lib/client/form-errors";
import type { CalendarEvent } from "@/lib/client/use-calendar";
import { useSubmit } from "@/lib/client/use-submit";
import { fromLocalInput, toLocalInput } from "./date-range";

export type EventUpdate = (e: CalendarEvent, body: { title: string; start: string; end: string | null; meetingUrl: string }) => Promise<CalendarEvent>;

const FIELDS = ["title", "start", "end", "meetingUrl"] as const;

/** The edit form: title, start, end and link, with the server's field errors inline. */
export function EditEvent({ event, onSave, onCancel }: { event: CalendarEvent; onSave: EventUpdate; onCancel: () => void }) {
  const t = useTranslations("calendar.edit");
  const [title, setTitle] = useState(event.title);
  const [start, setStart] = useState(toLocalInput(event.start));
  const [end, setEnd] = useState(toLocalInput(event.end));
  const [meetingUrl, setMeetingUrl] = useState(event.meetingUrl);
  const form = useSubmit<(typeof FIELDS)[number]>();
  const { errors } = form;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const startIso = fromLocalInput(start);
    const endIso = fromLocalInput(end);
    if (!form.check({ start: startIso ? undefined : t("startRequired"), end: startIso && endIso && endIso <= startIso ? t("endBeforeStart") : undefined })) return;
    // A field the server refused shows its message; anything else is a toast.
    void form.run(() => onSave(event, { title, start: startIso!, end: endIso, meetingUrl }), { failure: (err) => issuesFor(err, FIELDS) ?? messageOf(err) });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField label={t("name")} value={title} maxLength={500} onChange={(e) => setTitle(e.target.value)} error={errors.title} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t("start")} type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} error={errors.start} required />
        <TextField label={t("end")} type="datetime-local" value={end} onChange={(e) => setEnd(e.target.value)} error={errors.end} />
      </div>
      <TextField label={t("link")} type="url" value={meetingUrl} onChange={(e) => setMeetingUrl(e.target.value)} error={errors.meetingUrl} hint={t("linkHint")} required />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={form.busy}>
          {t("cancel")}
        </Button>
        <Button type="submit" loading={form.busy}>
          {t("save")}
        </Button>
      </div>
    </form>
  );
}
