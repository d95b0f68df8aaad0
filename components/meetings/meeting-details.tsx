"use client";
import Link from "next/link";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ApiError } from "@/lib/client/api";
import { copyToClipboard, notifications } from "@/lib/client/notifications";
import { isLiveStatus, useMeetingActions, useMeetingDetails, type MeetingDetails as Details } from "@/lib/client/use-meetings";
import { notHeldYet } from "@/lib/meetings/status";
import { useSubmit } from "@/lib/client/use-submit";
import { formatUsd } from "@/lib/shell/nav";
import { useFailureCause } from "./failure-cause";
import { MeetingActions } from "./meeting-actions";
import { MeetingMinutes } from "./meeting-minutes";
import { MeetingDetailsSkeleton } from "./meeting-skeletons";
import { MeetingTimeline } from "./meeting-timeline";
import { MeetingRecording } from "./meeting-recording";
import { MeetingUsage } from "./meeting-usage";
import { confirmsOwner, OwnerButton, OwnerNote } from "./owner-confirm";
import { PlatformBadge } from "./platform-badge";
import { StatusChip, useReasonText } from "./status-chip";
import { useMeetingTitle } from "./use-meeting-title";

/**
 * /meetings/:id/details: where the meeting stands and why (status with its reason in plain words and
 * what to do), its actions, manual activation, the summary and notes with downloads, timeline,
 * participants, transcript, cost, provider usage and reply latency. Refreshes itself every few
 * seconds while the agent is in the call or its summary is being written.
 */
export function MeetingDetails({ id }: { id: string }) {
  const t = useTranslations("meetings");
  const { data: meeting, error, isLoading, mutate } = useMeetingDetails(id);

  if (isLoading) return <MeetingDetailsSkeleton />;
  if (error || !meeting) {
    // A meeting that is not there (or not the reader's) will not appear by trying again.
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <Card role="alert" className="flex max-w-xl flex-col items-start gap-3">
        <p className="text-error-text">{(error as Error | undefined)?.message ?? t("errors.fetchMeetingDetails")}</p>
        <div className="flex gap-2">
          {!missing && (
            <Button variant="secondary" onClick={() => void mutate()}>
              {t("retry")}
            </Button>
          )}
          <Link href="/meetings" className="inline-flex h-10 items-center rounded-md px-4 text-sm text-primary hover:underline dark:text-[var(--text)]">
            {t("details.back")}
          </Link>
        </div>
      </Card>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <Link href="/meetings" className="text-sm text-primary hover:underline dark:text-[var(--text)]">
        ← {t("details.back")}
      </Link>
      <Summary meeting={meeting} />
      {meeting.manualActivation && isLiveStatus(meeting.status) && <Activation meeting={meeting} />}
      <MeetingMinutes meeting={meeting} />
      <div className="grid gap-4 lg:grid-cols-2">
        <MeetingTimeline events={meeting.events} />
        <Participants meeting={meeting} />
      </div>
      <MeetingRecording meeting={meeting} onChanged={() => void mutate()} />
      <MeetingUsage meeting={meeting} />
    </div>
  );
}

function Summary({ meeting }: { meeting: Details }) {
  const t = useTranslations("meetings");
  const format = useFormatter();
  const locale = useLocale();
  const reasonText = useReasonText();
  const title = useMeetingTitle();
  const failureCause = useFailureCause();
  const reason = meeting.status !== "scheduled" ? (retiredModelText(meeting, t, format) ?? reasonText(meeting.statusReason)) : null;
  // What the bot saw when it failed (a browser or network error), from the failing timeline entry.
  const cause = failureCause(meeting.status === "failed" ? meeting.events.at(-1)?.data : null);
  const time = (iso: string) => format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  const copy = async () => {
    if (await copyToClipboard(meeting.meetingUrl)) notifications.add({ type: "success", message: t("details.copied") });
  };
  return (
    <Card className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="break-words text-xl font-semibold">{title(meeting)}</h2>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <StatusChip status={meeting.status} />
            <PlatformBadge platform={meeting.platform} />
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {meeting.platform === "room" && isLiveStatus(meeting.status) && (
            // The test room is on this site: its path opens it here.
            <Link href={new URL(meeting.meetingUrl).pathname} className="inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-medium text-white hover:bg-primary-dark">
              {t("details.openRoom")}
            </Link>
          )}
          <MeetingActions meeting={meeting} size="md" />
        </div>
      </div>
      {reason && (
        <div role={meeting.status === "failed" ? "alert" : undefined} className={meeting.status === "failed" ? "rounded-md bg-error/10 px-3 py-2 text-sm text-error-text" : "text-sm text-[var(--text-muted)]"}>
          <p>{reason}</p>
          {cause && <p className="mt-1">{cause}</p>}
        </div>
      )}
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
        <Item label={t("details.agent")}>{meeting.agentName ?? t("deletedAgent")}</Item>
        <Item label={t("details.scheduledFor")}>{time(meeting.scheduledStart)}</Item>
        {meeting.startedAt && <Item label={t("details.started")}>{time(meeting.startedAt)}</Item>}
        {meeting.endedAt && <Item label={t(meeting.startedAt ? "details.ended" : "details.calledOff")}>{time(meeting.endedAt)}</Item>}
        {!notHeldYet(meeting) && <Item label={t(isLiveStatus(meeting.status) ? "details.costSoFar" : "details.cost")}>{formatUsd(meeting.costUsd, locale)}</Item>}
        <Item label={t("details.link")}>
          <span className="flex min-w-0 items-center gap-2">
            <span className="truncate">{meeting.meetingUrl}</span>
            <Button size="sm" variant="ghost" className="shrink-0 whitespace-nowrap" onClick={copy}>
              {t("details.copyLink")}
            </Button>
          </span>
        </Item>
      </dl>
      {isLiveStatus(meeting.status) && <p className="text-xs text-[var(--text-muted)]">{t("details.live")}</p>}
    </Card>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs uppercase tracking-wide text-[var(--text-muted)]">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

function Activation({ meeting }: { meeting: Details }) {
  const t = useTranslations("meetings.details");
  const actions = useMeetingActions();
  const submit = useSubmit();
  const toggle = () => submit.run(() => actions.setActivation(meeting.id, !meeting.activated));
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h2 className="font-semibold">{t("activationTitle")}</h2>
        <p className="text-sm text-[var(--text-muted)]" aria-live="polite">
          {meeting.activated ? t("activationOn") : t("activationOff")}
        </p>
      </div>
      <Button variant={meeting.activated ? "secondary" : "primary"} loading={submit.busy} onClick={toggle} aria-pressed={meeting.activated}>
        {meeting.activated ? t("deactivate") : t("activate")}
      </Button>
    </Card>
  );
}

function Participants({ meeting }: { meeting: Details }) {
  const t = useTranslations("meetings.details");
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="font-semibold">{t("participants")}</h2>
      {meeting.participants.length === 0 ? (
        <p className="text-sm text-[var(--text-muted)]">{t("noParticipants")}</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {meeting.participants.map((p) => (
            <li key={p.id} className={p.leftAt ? "text-[var(--text-muted)]" : undefined}>
              {p.name}
              {p.isAgent && <span className="ml-2 rounded bg-primary-light px-1.5 text-xs text-primary-dark">{t("agentTag")}</span>}
              {p.leftAt && <span className="ml-2 text-xs">({t("left")})</span>}
              {confirmsOwner(meeting) && <OwnerButton meeting={meeting} person={p} />}
            </li>
          ))}
        </ul>
      )}
      {confirmsOwner(meeting) && <OwnerNote meeting={meeting} />}
    </Card>
  );
}

/** A retired model's failure in full: which model, since when, and what to pick instead (from the failure's event). */
function retiredModelText(meeting: Details, t: ReturnType<typeof useTranslations<"meetings">>, format: ReturnType<typeof useFormatter>): string | null {
  if (meeting.statusReason !== "model_retired") return null;
  const data = meeting.events.findLast((e) => e.reason === "model_retired")?.data as { providerName?: string; model?: string; retiredOn?: string; replacement?: string } | null | undefined;
  if (!data?.model || !data.retiredOn || !data.replacement) return null;
  const date = format.dateTime(new Date(`${data.retiredOn}T00:00:00Z`), { dateStyle: "medium", timeZone: "UTC" });
  return t("modelRetired", { provider: data.providerName ?? "", model: data.model, date, replacement: data.replacement });
}
