"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { notifications } from "@/lib/client/notifications";
import { allowedActions, useMeetingActions, type Meeting, type MeetingAction } from "@/lib/client/use-meetings";

const CONFIRM: Partial<Record<MeetingAction, "cancel" | "stop">> = { cancel: "cancel", stop: "stop" };

/**
 * The buttons a meeting's status allows (spec §7 cancel/start/stop/restart). Cancel and stop ask
 * first; every action reports its outcome as a toast with the server's message on failure.
 */
export function MeetingActions({ meeting, showDetails = false, size = "sm" }: { meeting: Meeting; showDetails?: boolean; size?: "sm" | "md" }) {
  const t = useTranslations("meetings");
  const actions = useMeetingActions();
  const [busy, setBusy] = useState<MeetingAction | null>(null);
  const [confirming, setConfirming] = useState<"cancel" | "stop" | null>(null);
  const title = meeting.title || t("untitled");

  const run = async (action: MeetingAction) => {
    setBusy(action);
    try {
      await actions.run(action, meeting.id);
      notifications.add({ type: "success", message: t(`toast.${action}`, { title }) });
      setConfirming(null);
    } catch (err) {
      notifications.add({ type: "error", message: (err as Error).message });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-2">
      {allowedActions(meeting.status).map((action) => (
        <Button
          key={action}
          size={size}
          variant={action === "start" || action === "restart" ? "secondary" : "ghost"}
          className={action === "cancel" || action === "stop" ? "text-error-text" : undefined}
          loading={busy === action}
          disabled={busy !== null && busy !== action}
          aria-label={t(`actions.${action}Label`, { title })}
          onClick={() => (CONFIRM[action] ? setConfirming(CONFIRM[action]!) : run(action))}
        >
          {t(`actions.${action}`)}
        </Button>
      ))}
      {showDetails && (
        <Link
          href={`/meetings/${meeting.id}/details`}
          aria-label={t("actions.detailsLabel", { title })}
          className="inline-flex h-8 items-center rounded-md border border-[var(--border)] px-3 text-sm hover:bg-hover-light dark:hover:bg-white/5"
        >
          {t("actions.details")}
        </Link>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming ? t(`confirm.${confirming}Title`, { title }) : ""}
        description={confirming ? t(`confirm.${confirming}Text`) : ""}
        confirmLabel={confirming ? t(`confirm.${confirming}Confirm`) : ""}
        cancelLabel={t("confirm.keep")}
        busy={busy !== null}
        onConfirm={() => confirming && run(confirming)}
      />
    </div>
  );
}
