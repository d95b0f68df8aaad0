"use client";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TryInRoomButton } from "@/components/meetings/try-in-room-button";
import { useMeetingTitle } from "@/components/meetings/use-meeting-title";
import { cn } from "@/components/ui/cn";
import type { Agent } from "@/lib/client/use-agents";
import { KeyStatus } from "./key-status";
import { PLATFORM_CHIP } from "./platform";
import { RetirementNotice } from "./retirement-notice";

const linkButton = "inline-flex h-8 items-center rounded-md border border-[var(--border)] px-3 text-sm hover:bg-hover-light dark:hover:bg-white/5";

/** One agent in the list: status, platform colour, providers, tool servers, next meeting and its actions. */
export function AgentCard({
  agent,
  outOfCredit,
  providerName,
  busy,
  onToggle,
  onDelete,
}: {
  agent: Agent;
  /** No credit: an active agent cannot join until the balance is topped up. */
  outOfCredit: boolean;
  providerName: (kind: "stt" | "ai" | "tts", id: string) => string;
  busy: boolean;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const t = useTranslations("agents");
  const format = useFormatter();
  const active = agent.status === "active";
  // An active agent without the keys its providers need is not sent anywhere: it shows "Needs keys".
  const needsKeys = active && agent.missingKeys.length > 0;
  // Active but without credit it joins nothing: the chip says so rather than "Active" (issue 31).
  const noCredit = active && !needsKeys && outOfCredit;
  const meetingTitle = useMeetingTitle();
  return (
    <Card className="flex h-full flex-col gap-3">
      <div className="flex items-start justify-between gap-2">
        <h2 className="min-w-0 break-words text-lg font-semibold">{agent.name}</h2>
        <span className={cn("shrink-0 rounded-full px-2 py-0.5 text-xs font-medium", active && !needsKeys && !noCredit ? "bg-success/15 text-success-text" : "bg-warning-bg text-[#5c4400]")}>
          {t(needsKeys ? "status.needsKeys" : noCredit ? "status.noCredit" : `status.${agent.status}`)}
        </span>
      </div>
      {active && outOfCredit && <p className="-mt-2 text-xs text-warning-text">{t("list.cannotJoin")}</p>}
      <KeyStatus agent={agent} providerName={providerName} />
      {agent.retiringModels.map((r) => (
        <RetirementNotice key={r.kind} model={r.model} retirement={r} />
      ))}
      <p className="flex items-center gap-2 text-sm">
        {/* The brand colour as a swatch: white text on it would miss AA contrast. */}
        <span title={t("list.preferredPlatform")} className="inline-flex items-center gap-1.5 rounded-full border border-[var(--border)] px-2 py-0.5 text-xs font-medium">
          <span aria-hidden="true" className={cn("h-2.5 w-2.5 rounded-full", PLATFORM_CHIP[agent.meetingPlatform])} />
          {t(`platforms.${agent.meetingPlatform}`)}
        </span>
        <span className="text-[var(--text-muted)]">{agent.manualActivation ? t("list.manual") : t("list.wakeWord", { wakeWord: agent.wakeWord ?? "" })}</span>
      </p>
      <p className="text-sm text-[var(--text-muted)]">
        {t("list.providers", { stt: providerName("stt", agent.sttProviderId), ai: providerName("ai", agent.aiProviderId), tts: providerName("tts", agent.ttsProviderId) })}
      </p>
      {agent.mcpServers.length > 0 && (
        <p className="text-sm break-words text-[var(--text-muted)]">
          {t("list.toolServers", { count: agent.mcpServers.length, names: format.list(agent.mcpServers.map((s) => s.name)) })}
        </p>
      )}
      <p className="text-sm">
        {/* A paused agent joins nothing, whatever is scheduled. */}
        {!active
          ? t("list.pausedNoMeetings")
          : agent.nextMeeting
            ? t("list.nextMeeting", {
                title: meetingTitle({ ...agent.nextMeeting, agentName: agent.name }),
                when: format.dateTime(new Date(agent.nextMeeting.scheduledStart), { dateStyle: "medium", timeStyle: "short" }),
              })
            : t("list.noNextMeeting")}
      </p>
      {/* Two deliberate rows, so nothing wraps onto a line of its own at any card width: using the
          agent first, then changing it, with the destructive action apart at the end. */}
      <div className="mt-auto flex flex-col gap-2 pt-2">
        <div className="flex flex-wrap gap-2">
          {/* Without credit the room would refuse: the way to credit instead of a button that fails. */}
          {noCredit ? (
            <Link href="/billing" aria-label={t("list.topUpToTryLabel", { name: agent.name })} className={linkButton}>
              {t("list.topUpToTry")}
            </Link>
          ) : (
            active && !needsKeys && <TryInRoomButton agentId={agent.id} agentName={agent.name} />
          )}
          <Link href={`/agents/${agent.id}/calendar`} aria-label={t("list.calendarLabel", { name: agent.name })} className={linkButton}>
            {t("list.calendar")}
          </Link>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Link href={`/agents/${agent.id}/edit`} aria-label={t("list.editLabel", { name: agent.name })} className={linkButton}>
            {t("list.edit")}
          </Link>
          <Button size="sm" variant="secondary" loading={busy} onClick={onToggle} aria-label={t(active ? "list.pauseLabel" : "list.resumeLabel", { name: agent.name })}>
            {active ? t("list.pause") : t("list.resume")}
          </Button>
          <Button size="sm" variant="ghost" className="ml-auto text-error-text" onClick={onDelete} aria-label={t("list.deleteLabel", { name: agent.name })}>
            {t("list.delete")}
          </Button>
        </div>
      </div>
    </Card>
  );
}
