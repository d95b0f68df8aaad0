"use client";
import { useFormatter, useTranslations } from "next-intl";
import { memo, useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { AudioLevels, type Level } from "@/lib/client/audio-levels";
import { micPrecondition, micProblem, type MicProblem } from "@/lib/client/mic-error";
import { notifications } from "@/lib/client/notifications";
import { RoomCall, requestJoin, type ClosedReason, type PeerState, type RosterEntry, type TranscriptLine } from "@/lib/client/room-call";
import { isLive } from "@/lib/meetings/status";
import type { RoomAgent } from "@/lib/rooms/room-agents";
import { RoomAgents } from "./room-agents";
import { RoomRoster } from "./room-roster";
import { RoomTranscript } from "./room-transcript";

type Phase = "lobby" | "joining" | "in" | "closed";

// What the browser asks of the microphone: the usual processing for a call.
const MIC_CONSTRAINTS: MediaStreamConstraints = { audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true }, video: false };
const TRANSCRIPT_KEEP = 500;

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
  const t = useTranslations("rooms");
  const format = useFormatter();
  const [phase, setPhase] = useState<Phase>("lobby");
  // Join works once the page is interactive; the name is read from the field itself, so text typed
  // (or autofilled) before that is not lost.
  const [ready, setReady] = useState(false);
  const nameField = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(defaultName);
  const [nameError, setNameError] = useState<string | null>(null);
  const [problem, setProblem] = useState<MicProblem | null>(null);
  const [joinError, setJoinError] = useState<string | null>(null);
  const [closedReason, setClosedReason] = useState<ClosedReason>("left");
  const [selfId, setSelfId] = useState("");
  const [listenOnly, setListenOnly] = useState(false);
  const [muted, setMuted] = useState(false);
  const [roster, setRoster] = useState<RosterEntry[]>([]);
  const [levels, setLevels] = useState<Record<string, Level>>({});
  const [peerStates, setPeerStates] = useState<Record<string, PeerState>>({});
  const [streams, setStreams] = useState<Record<string, MediaStream>>({});
  const [lines, setLines] = useState<TranscriptLine[]>([]);
  const [agents, setAgents] = useState<RoomAgent[]>(initialAgents);
  const [online, setOnline] = useState(true);
  const call = useRef<RoomCall | null>(null);
  // Agents sent into the room that are in it or on their way (as the page was loaded), for the lobby.
  const arriving = initialAgents.filter((a) => isLive(a.status)).map((a) => a.agentName);
  const meters = useRef<AudioLevels | null>(null);

  // Closing the tab or navigating away leaves the room (RoomCall also sends a beacon on pagehide).
  useEffect(() => {
    setReady(true);
    return () => {
      call.current?.leave({ beacon: true });
      meters.current?.close();
    };
  }, []);

  async function join(withMic: boolean) {
    const trimmed = nameField.current?.value.trim() ?? "";
    if (!trimmed) {
      setNameError(t("nameRequired"));
      return;
    }
    setName(trimmed);
    setNameError(null);
    setJoinError(null);
    const unmet = micPrecondition();
    if (unmet === "unsupported" || (withMic && unmet)) {
      setProblem(unmet);
      return;
    }
    setPhase("joining");
    let local = new MediaStream();
    if (withMic) {
      try {
        local = await navigator.mediaDevices.getUserMedia(MIC_CONSTRAINTS);
      } catch (err) {
        setProblem(micProblem(err));
        setPhase("lobby");
        return;
      }
    }
    setProblem(null);
    let joined;
    try {
      joined = await requestJoin(roomId, trimmed, t("joinFailed"));
    } catch (err) {
      for (const track of local.getTracks()) track.stop();
      setJoinError(err instanceof Error ? err.message : t("joinFailed"));
      setPhase("lobby");
      return;
    }
    const levelMeter = forAgent ? null : new AudioLevels(setLevels);
    meters.current = levelMeter;
    if (withMic) levelMeter?.set(joined.participant.id, local);
    setRoster([joined.participant]);
    setLines([]);
    setOnline(true);
    setPeerStates({});
    setStreams({});
    setSelfId(joined.participant.id);
    setListenOnly(!withMic);
    setMuted(false);
    const session = new RoomCall(roomId, joined, local, {
      roster: setRoster,
      online: setOnline,
      agents: setAgents,
      transcript: (incoming) =>
        setLines((prev) => {
          const seen = new Set(prev.map((l) => l.id));
          return [...prev, ...incoming.filter((l) => !seen.has(l.id))].slice(-TRANSCRIPT_KEEP);
        }),
      peerState: (id, state) => setPeerStates((prev) => ({ ...prev, [id]: state })),
      remoteStream: (id, stream) => {
        levelMeter?.set(id, stream);
        setStreams((prev) => {
          const next = { ...prev };
          if (stream) next[id] = stream;
          else delete next[id];
          return next;
        });
      },
      closed: (reason) => {
        levelMeter?.close();
        meters.current = null;
        call.current = null;
        setClosedReason(reason);
        setPhase("closed");
      },
    });
    call.current = session;
    setPhase("in");
    session.start();
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void join(true);
  };

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(link);
      notifications.add({ type: "success", message: t("linkCopied") });
    } catch {
      window.prompt(t("copyLink"), link);
    }
  };

  if (phase === "closed") {
    return (
      <Card className="mx-auto w-full max-w-md">
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <p role="status" className="mt-2">
          {t(`closed.${closedReason}`)}
        </p>
        {closedReason !== "room_closed" && (
          <Button className="mt-4" onClick={() => setPhase("lobby")}>
            {t("rejoin")}
          </Button>
        )}
      </Card>
    );
  }

  if (phase !== "in") {
    return (
      <Card className="mx-auto w-full max-w-md">
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <p className="mt-1 text-sm text-[var(--text-muted)]">{t("intro")}</p>
        {arriving.length > 0 && (
          <p className="mt-3 rounded-md bg-primary-light/60 px-3 py-2 text-sm dark:bg-primary/20">
            {t("agentsArriving", { names: format.list(arriving, { type: "conjunction" }), count: arriving.length })}
          </p>
        )}
        <form className="mt-5 flex flex-col gap-4" onSubmit={onSubmit} noValidate>
          <TextField
            ref={nameField}
            label={t("yourName")}
            name="name"
            defaultValue={name}
            maxLength={60}
            autoComplete="name"
            error={nameError}
            hint={t("micNote")}
          />
          {problem && (
            <p role="alert" className="rounded-md border border-error/40 bg-error/10 px-3 py-2 text-sm">
              {t(`mic.${problem}`)}
            </p>
          )}
          {joinError && (
            <p role="alert" className="rounded-md border border-error/40 bg-error/10 px-3 py-2 text-sm">
              {joinError}
            </p>
          )}
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
            {problem && problem !== "unsupported" && (
              <Button variant="secondary" disabled={phase === "joining"} onClick={() => void join(false)}>
                {t("joinWithoutMic")}
              </Button>
            )}
            <Button type="submit" disabled={!ready} loading={phase === "joining"}>
              {phase === "joining" ? t("joining") : t("join")}
            </Button>
          </div>
        </form>
      </Card>
    );
  }

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
          {!listenOnly && (
            <Button
              variant="secondary"
              size="sm"
              aria-pressed={muted}
              onClick={() => {
                call.current?.setMuted(!muted);
                setMuted(!muted);
              }}
            >
              {muted ? t("unmute") : t("mute")}
            </Button>
          )}
          <Button variant="danger" size="sm" onClick={() => call.current?.leave()}>
            {t("leave")}
          </Button>
        </div>
      </div>
      {!online && (
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
          <RoomRoster roster={roster} selfId={selfId} levels={levels} peerStates={peerStates} listenOnly={listenOnly} />
        </div>
        <RoomTranscript lines={lines} agentListening={agents.some((a) => a.status === "in_progress")} />
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
