"use client";
import { useTranslations } from "next-intl";
import { memo, useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { notifications } from "@/lib/client/notifications";
import type { RosterEntry } from "@/lib/client/room-call";
import type { RoomAgent } from "@/lib/rooms/room-agents";
import { RoomAgents } from "./room-agents";
import { RoomClosed, RoomLobby } from "./room-lobby";
import { RoomChat } from "./room-chat";
import { RoomRoster } from "./room-roster";
import { RoomTranscript } from "./room-transcript";
import { useRoomCall, type RoomCallState } from "./use-room-call";

/** The test room: a name and Join first, then who is in the room, who speaks, and the live transcript. */
export function RoomCallView({
  roomId,
  link,
  defaultName,
  initialAgents,
  forAgent = false,
}: {
  roomId: string;
  link: string;
  defaultName: string;
  initialAgents: RoomAgent[];
  /**
   * The page an agent's bot opens (lib/bots/platforms/room.ts): nobody looks at it or listens to it,
   * so it measures no audio levels and plays no voices out (the bot's audio bridge reads them from
   * the call itself). In bench:voice this took a bot from ~25 % to ~17 % of a core.
   */
  forAgent?: boolean;
}) {
  const room = useRoomCall(roomId, defaultName, initialAgents, forAgent);
  if (room.phase === "closed") return <RoomClosed room={room} />;
  if (room.phase !== "in") return <RoomLobby room={room} initialAgents={initialAgents} />;
  return <InCall room={room} link={link} forAgent={forAgent} />;
}

/** In the call: copy link, mute, leave; the agents, the roster with who speaks, the transcript, and the remote voices. */
function InCall({ room, link, forAgent }: { room: RoomCallState; link: string; forAgent: boolean }) {
  const t = useTranslations("rooms");
  const { roster, selfId, streams, agents, muted } = room;

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notifications.add({ type: "success", message: t("linkCopied") });
    } catch {
      window.prompt(t("copyLink"), link);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-xl font-semibold md:text-2xl">{t("title")}</h1>
          <p className="text-sm text-[var(--text-muted)]">{t("peopleCount", { count: roster.length })}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => void copyLink()}>
            {t("copyLink")}
          </Button>
          {!room.listenOnly && (
            <Button variant="secondary" size="sm" aria-pressed={muted} onClick={room.toggleMute}>
              {muted ? t("unmute") : t("mute")}
            </Button>
          )}
          <Button variant="danger" size="sm" onClick={room.leave}>
            {t("leave")}
          </Button>
        </div>
      </div>
      {!room.online && (
        <p role="status" className="rounded-md bg-warning-bg px-3 py-2 text-sm text-[#5c4400]">
          {t("reconnecting")}
        </p>
      )}
      {muted && (
        <p role="status" className="text-sm text-[var(--text-muted)]">
          {t("muted")}
        </p>
      )}
      <div className="grid grid-cols-1 gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="flex min-w-0 flex-col gap-4">
          <RoomAgents agents={agents} />
          <RoomRoster
            roster={roster}
            selfId={selfId}
            levels={room.levels}
            peerStates={room.peerStates}
            listenOnly={room.listenOnly}
            leftAgents={agents.filter((a) => a.status === "completed" || a.status === "cancelled").map((a) => a.agentName)}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <RoomTranscript lines={room.lines} agentListening={agents.some((a) => a.status === "in_progress")} />
          <RoomChat lines={room.chat} selfId={selfId} send={room.sendChat} />
        </div>
      </div>
      {/* Remote voices play here (not in an agent's page); the attributes name whose voice each element carries. */}
      {roster
        .filter((p) => p.id !== selfId && streams[p.id])
        .map((p) => (
          <RemoteAudio key={p.id} participant={p} stream={streams[p.id]} play={!forAgent} />
        ))}
    </div>
  );
}

const RemoteAudio = memo(function RemoteAudio({ participant, stream, play }: { participant: RosterEntry; stream: MediaStream; play: boolean }) {
  const ref = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || el.srcObject === stream) return;
    el.srcObject = stream;
    if (play) void el.play().catch(() => {});
  }, [stream, play]);
  return <audio ref={ref} autoPlay={play} data-participant-id={participant.id} data-participant-name={participant.name} />;
});
