"use client";
import { AlertCircle, Bot, Ear, Loader2, LogOut, MessageCircleMore, Volume2 } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import { memo } from "react";
import { useReasonText } from "@/components/meetings/status-chip";
import { Button, buttonClassName } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { useMeetingActions, type MeetingAction } from "@/lib/client/use-meetings";
import { useSubmit } from "@/lib/client/use-submit";
import { isLive } from "@/lib/meetings/status";
import type { RoomAgent } from "@/lib/rooms/room-agents";
import { formatUsd } from "@/lib/shell/nav";

type State = "joining" | "listening" | "thinking" | "speaking" | "failed" | "left";

function stateOf(agent: RoomAgent): State {
  switch (agent.status) {
    case "scheduled":
    case "joining":
    case "waiting_room":
      return "joining";
    case "in_progress":
      return agent.live?.activity ?? "listening";
    case "failed":
      return "failed";
    default:
      return "left";
  }
}

const ICON = { joining: Loader2, listening: Ear, thinking: MessageCircleMore, speaking: Volume2, failed: AlertCircle, left: LogOut } as const;

/**
 * The agents sent into the room and what each is doing: joining, listening, thinking, speaking, or
 * why it failed or left, in plain words; why it did not answer the last thing it heard; and for
 * the agent's owner: its running cost, manual activation, "End test" and "Send it again".
 */
export const RoomAgents = memo(function RoomAgents({ agents }: { agents: RoomAgent[] }) {
  const t = useTranslations("rooms.agents");
  return (
    <Card>
      <h2 id="room-agents" className="text-base font-semibold">
        {t("title")}
      </h2>
      {agents.length === 0 ? (
        <p className="mt-3 text-sm text-[var(--text-muted)]">{t("none")}</p>
      ) : (
        <ul aria-labelledby="room-agents" className="mt-3 flex flex-col gap-3">
          {/* In the order they were sent (names need not be unique). */}
          {agents.map((agent, i) => (
            <AgentRow key={`${i}:${agent.agentName}`} agent={agent} />
          ))}
        </ul>
      )}
    </Card>
  );
});

function AgentRow({ agent }: { agent: RoomAgent }) {
  const t = useTranslations("rooms.agents");
  const locale = useLocale();
  const reasonText = useReasonText();
  const state = stateOf(agent);
  const Icon = ICON[state];
  const reason = reasonText(agent.statusReason);
  const live = agent.status === "in_progress";
  const note = live ? agent.live?.unanswered : undefined;
  return (
    <li data-agent-state={state} className="flex flex-col gap-2 rounded-md border border-[var(--border)] p-3">
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-primary-light text-primary-dark">
          <Bot size={18} />
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium">
            {agent.agentName} <span className="font-normal text-[var(--text-muted)]">({t("agentTag")})</span>
          </p>
          {/* Announced as it changes: what the agent is doing now. */}
          <p
            aria-live="polite"
            className={cn(
              "mt-0.5 flex items-center gap-1.5 text-sm",
              state === "failed" ? "text-error-text" : state === "speaking" ? "font-medium text-success-text" : "text-[var(--text-muted)]",
            )}
          >
            <Icon size={14} aria-hidden="true" className={cn("shrink-0", state === "joining" && "animate-spin")} />
            <span>{t(`state.${state}`)}</span>
          </p>
        </div>
      </div>
      {(state === "failed" || state === "left") && reason && <p className={cn("text-sm", state === "failed" && "text-error-text")}>{reason}</p>}
      {live && state === "listening" && !note && (
        <p className="text-sm text-[var(--text-muted)]">
          {agent.manualActivation
            ? agent.activated
              ? t("howManualOn")
              : t("howManualOff")
            : t("howWakeWord", { wakeWord: agent.wakeWord ?? "" })}
        </p>
      )}
      {note && (
        <p className="rounded-md bg-warning-bg px-2 py-1.5 text-sm text-[#5c4400]">
          {unansweredText(t, note, agent.wakeWord ?? "")}
        </p>
      )}
      {agent.owner && <OwnerControls agent={agent} owner={agent.owner} costText={formatUsd(agent.owner.costUsd, locale)} />}
    </li>
  );
}

type Unanswered = NonNullable<NonNullable<RoomAgent["live"]>["unanswered"]>;

/** Why the agent did not answer the last thing it heard, with what it heard when the agent keeps transcripts. */
function unansweredText(t: ReturnType<typeof useTranslations<"rooms.agents">>, note: Unanswered, wakeWord: string): string {
  if (note.reason === "behind") return t("unanswered.behind");
  const reason = note.reason === "no_wake_word" ? "no_wake_word" : "not_activated";
  return note.text ? t(`unanswered.${reason}`, { text: note.text, wakeWord }) : t(`unanswered.${reason}_unheard`, { wakeWord });
}

/** What the agent's owner can do from the room (the meeting's own actions, through the API). */
function OwnerControls({ agent, owner, costText }: { agent: RoomAgent; owner: NonNullable<RoomAgent["owner"]>; costText: string }) {
  const t = useTranslations("rooms.agents");
  const actions = useMeetingActions();
  const submit = useSubmit();
  const live = isLive(agent.status);
  // No toast on success: in the room it covered Copy link, Mute and Leave (issue 31). The row says
  // what happened itself, announced as it changes (its state line is aria-live).
  const act = (what: MeetingAction | "activation") =>
    submit.run(
      async () => {
        if (what === "activation") await actions.setActivation(owner.meetingId, !agent.activated);
        else await actions.run(what, owner.meetingId);
      },
      { key: what },
    );
  return (
    <div className="flex flex-wrap items-center gap-2 border-t border-[var(--border)] pt-2">
      <p className="mr-auto text-sm">
        <span className="text-[var(--text-muted)]">{live ? t("cost") : t("costTotal")}</span> <span className="font-medium tabular-nums">{costText}</span>
      </p>
      {agent.status === "in_progress" && agent.manualActivation && (
        <Button
          size="sm"
          variant={agent.activated ? "secondary" : "primary"}
          aria-pressed={agent.activated}
          loading={submit.running("activation")}
          disabled={submit.busy}
          onClick={() => act("activation")}
        >
          {agent.activated ? t("deactivate") : t("activate")}
        </Button>
      )}
      {!live && <MeetingLink meetingId={owner.meetingId} agentName={agent.agentName} />}
      {live ? (
        <Button size="sm" variant="danger" loading={submit.running("stop")} disabled={submit.busy} onClick={() => act("stop")}>
          {t("end")}
        </Button>
      ) : (
        <Button size="sm" variant="secondary" loading={submit.running("restart")} disabled={submit.busy} onClick={() => act("restart")}>
          {t("sendAgain")}
        </Button>
      )}
    </div>
  );
}

/** The meeting the test became, with its transcript, cost, summary and exports (for its owner). */
export function MeetingLink({ meetingId, agentName, variant = "secondary" }: { meetingId: string; agentName: string; variant?: "primary" | "secondary" }) {
  const t = useTranslations("rooms.agents");
  return (
    <Link href={`/meetings/${meetingId}/details`} aria-label={t("seeMeetingOf", { name: agentName })} className={buttonClassName(variant, "sm")}>
      {t("seeMeeting")}
    </Link>
  );
}
