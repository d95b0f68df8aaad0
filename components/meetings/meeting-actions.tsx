"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { LazyConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { notifications } from "@/lib/client/notifications";
import { useSubmit } from "@/lib/client/use-submit";
import { allowedActions, isLiveStatus, useMeetingActions, type Meeting, type MeetingAction } from "@/lib/client/use-meetings";
import { useMeetingTitle } from "./use-meeting-title";

// Everything but "Join now" asks first: each one sends the agent away or back into a call.
const CONFIRMED = ["cancel", "stop", "restart"] as const;
type Confirmed = (typeof CONFIRMED)[number];
const needsConfirmation = (action: MeetingAction): action is Confirmed => (CONFIRMED as readonly string[]).includes(action);

/**
 * The buttons a meeting allows (spec §7 cancel/start/stop/restart). Cancel, stop and restart ask
 * first; every action reports its outcome as a toast with the server's message on failure. A paused
 * agent's meetings say why they offer no "Join now".
 */
export function MeetingActions({ meeting, showDetails = false, size = "sm" }: { meeting: Meeting; showDetails?: boolean; size?: "sm" | "md" }) {
  const t = useTranslations("meetings");
  const actions = useMeetingActions();
  const submit = useSubmit();
  const [confirming, setConfirming] = useState<Confirmed | null>(null);
  const title = useMeetingTitle()(meeting);

  const run = (action: MeetingAction) =>
    submit.run(
      async () => {
        await actions.run(action, meeting.id);
        notifications.add({ type: "success", message: t(`toast.${action}`, { title }) });
        setConfirming(null);
      },
      { key: action },
    );

  return (
    <div className="flex flex-wrap items-center gap-2">
      {allowedActions(meeting).map((action) => (
        <Button
          key={action}
          size={size}
          variant={action === "start" || action === "restart" ? "secondary" : "ghost"}
          // One line per label ("Neu starten" wrapped inside its button).
          className={action === "cancel" || action === "stop" ? "whitespace-nowrap text-error-text" : "whitespace-nowrap"}
          loading={submit.running(action)}
          disabled={submit.busy && !submit.running(action)}
          aria-label={t(`actions.${action}Label`, { title })}
          onClick={() => (needsConfirmation(action) ? setConfirming(action) : run(action))}
        >
          {t(`actions.${action}`)}
        </Button>
      ))}
      {meeting.agentStatus === "paused" && !isLiveStatus(meeting.status) && (
        <span className="text-xs text-[var(--text-muted)]">{t("actions.agentPaused")}</span>
      )}
      {showDetails && (
        <Link
          href={`/meetings/${meeting.id}/details`}
          aria-label={t("actions.detailsLabel", { title })}
          className="inline-flex h-8 items-center rounded-md border border-[var(--border)] px-3 text-sm hover:bg-hover-light dark:hover:bg-white/5"
        >
          {t("actions.details")}
        </Link>
      )}
      {confirming && (
        <LazyConfirmDialog
          open
          onOpenChange={(open) => !open && setConfirming(null)}
          title={t(`confirm.${confirming}Title`, { title })}
          description={t(`confirm.${confirming}Text`)}
          confirmLabel={t(`confirm.${confirming}Confirm`)}
          cancelLabel={t("confirm.keep")}
          busy={submit.busy}
          onConfirm={() => run(confirming)}
        />
      )}
    </div>
  );
}
