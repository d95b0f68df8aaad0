"use client";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { useRef, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { useMeetingTitle } from "@/components/meetings/use-meeting-title";
import { Dialog } from "@/components/ui/dialog";
import { notifications } from "@/lib/client/notifications";
import type { CalendarEvent } from "@/lib/client/use-calendar";
import { useSubmit } from "@/lib/client/use-submit";
import { EditEvent, type EventUpdate } from "./edit-event";
import { StatusBadge } from "./event-chip";
import { isOver } from "./event-style";
import { JoinLine } from "./join-line";

interface EventActions {
  confirm: (e: CalendarEvent) => Promise<CalendarEvent>;
  switchJoin: (e: CalendarEvent, join: boolean | null) => Promise<CalendarEvent>;
  update: EventUpdate;
  remove: (e: CalendarEvent) => Promise<void>;
}

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[8rem_1fr] sm:gap-3">
      <dt className="text-sm text-[var(--text-muted)]">{label}</dt>
      <dd className="min-w-0 break-words text-sm">{children}</dd>
    </div>
  );
}

/**
 * An event's details (spec: Confirm / Edit / Delete) in a dialog. Confirm is offered for pending and
 * blocked events that are not over; cancelled events can only be deleted.
 */
export function EventDetails({ event, onClose, actions, showAgent }: { event: CalendarEvent | null; onClose: () => void; actions: EventActions; showAgent: boolean }) {
  const t = useTranslations("calendar");
  const meetingTitle = useMeetingTitle();
  const format = useFormatter();
  const [mode, setMode] = useState<"view" | "edit" | "delete">("view");
  const submit = useSubmit();
  const busy = submit.busy;
  // After Confirm the button goes away: focus moves to the status it changed, not to the page.
  const statusRef = useRef<HTMLDivElement>(null);
  const close = () => {
    setMode("view");
    onClose();
  };
  /** Runs an action; `success` is its toast (none for a delete: the page shows it with Undo). */
  const run = (action: () => Promise<unknown>, success: string | null, closeAfter: boolean) =>
    submit.run(async () => {
      await action();
      if (success) notifications.add({ type: "success", message: success });
      if (closeAfter) close();
      else setMode("view");
    });
  if (!event) return null;

  const title = meetingTitle(event);
  const over = isOver(event);
  const canConfirm = (event.status === "pending" || event.status === "blocked") && !over;
  // The switch over the calendar's rule: on for a skipped event, off for any other that is to come.
  const canSwitch = event.status !== "cancelled" && !over;
  const switchTo = (join: boolean | null, message: string) =>
    run(() => actions.switchJoin(event, join), message, false).then(() => statusRef.current?.focus());
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && close()}
      title={mode === "edit" ? t("edit.title") : mode === "delete" ? t("event.deleteTitle") : title}
      closeLabel={t("event.close")}
      className="max-w-xl"
    >
      {mode === "edit" ? (
        <EditEvent
          event={event}
          onCancel={() => setMode("view")}
          onSave={async (e, body) => {
            // Errors go back to the form (field messages inline); success returns to the details.
            const saved = await actions.update(e, body);
            notifications.add({ type: "success", message: t("event.saved") });
            setMode("view");
            return saved;
          }}
        />
      ) : mode === "delete" ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm">{t("event.deleteText")}</p>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setMode("view")} disabled={busy}>
              {t("event.cancel")}
            </Button>
            <Button variant="danger" loading={busy} onClick={() => run(() => actions.remove(event), null, true)}>
              {t("event.delete")}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          <div ref={statusRef} tabIndex={-1} className="flex flex-col gap-1 rounded-md bg-[var(--surface-muted)] p-3 focus-visible:outline-2 focus-visible:outline-primary">
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge status={event.status} />
              {event.edited && <span className="text-xs text-[var(--text-muted)]">{t("event.edited")}</span>}
            </div>
            <p className="text-sm">{over && event.status !== "cancelled" ? t("event.over") : t(`statusHelp.${event.status}`)}</p>
            {!over && <JoinLine event={event} className="text-sm" />}
          </div>
          <dl className="flex flex-col gap-2">
            <Row label={t("event.when")}>{format.dateTimeRange(new Date(event.start), new Date(event.end ?? event.start), { dateStyle: "full", timeStyle: "short" })}</Row>
            {showAgent && <Row label={t("event.agent")}>{event.agentName}</Row>}
            <Row label={t("event.link")}>
              <span className="mr-1">{t(`platforms.${event.platform}`)}:</span>
              <a href={event.meetingUrl} target="_blank" rel="noopener noreferrer" className="break-all text-primary underline dark:text-primary-light">
                {event.meetingUrl}
              </a>
            </Row>
            <Row label={t("event.organizer")}>{event.organizerEmail ?? t("event.noOrganizer")}</Row>
            {event.meetingId && (
              <Row label={t("event.meeting")}>
                <span className="mr-2">{event.meetingStatus ? t(`meetingStatus.${event.meetingStatus}`) : ""}</span>
                <Link href={`/meetings/${event.meetingId}/details`} className="text-primary underline dark:text-primary-light">
                  {t("event.openMeeting")}
                </Link>
              </Row>
            )}
            {event.description && (
              <Row label={t("event.description")}>
                <p className="max-h-40 overflow-y-auto whitespace-pre-wrap">{event.description}</p>
              </Row>
            )}
          </dl>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="ghost" className="text-error-text" onClick={() => setMode("delete")}>
              {t("event.delete")}
            </Button>
            {event.status !== "cancelled" && (
              <Button variant="secondary" onClick={() => setMode("edit")}>
                {t("event.edit")}
              </Button>
            )}
            {canSwitch && event.joinOverride !== null && (
              <Button variant="ghost" disabled={busy} onClick={() => void switchTo(null, t("join.followed", { title }))}>
                {t("join.follow")}
              </Button>
            )}
            {canSwitch && (
              <Button variant="secondary" loading={busy} onClick={() => void switchTo(event.status === "skipped", t(event.status === "skipped" ? "join.switchedOn" : "join.switchedOff", { title }))}>
                {event.status === "skipped" ? t("join.on") : t("join.off")}
              </Button>
            )}
            {canConfirm && (
              <Button
                loading={busy}
                onClick={async () => {
                  await run(() => actions.confirm(event), t("event.confirmed", { title }), false);
                  statusRef.current?.focus();
                }}
              >
                {t("event.confirm")}
              </Button>
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}
