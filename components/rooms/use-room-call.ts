"use client";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { AudioLevels, type Level } from "@/lib/client/audio-levels";
import { micPrecondition, micProblem, type MicProblem } from "@/lib/client/mic-error";
import { RoomCall, requestJoin, type ClosedReason, type PeerState, type RosterEntry, type TranscriptLine } from "@/lib/client/room-call";
import type { ChatLine } from "@/lib/client/room-chat";
import type { RoomAgent } from "@/lib/rooms/room-agents";

export type Phase = "lobby" | "joining" | "in" | "closed";

// What the browser asks of the microphone: the usual processing for a call.
const MIC_CONSTRAINTS: MediaStreamConstraints = { audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true }, video: false };
const TRANSCRIPT_KEEP = 500;

/**
 * The test room's call as React state: the phase (lobby, joining, in the call, closed and why), what
 * stopped a join (the microphone, the server), and while in it the roster, audio levels, peer
 * states, remote streams, transcript, agents and whether Cohost is reachable. `forAgent`: a bot's
 * page measures no audio levels.
 */
export function useRoomCall(roomId: string, defaultName: string, initialAgents: RoomAgent[], forAgent: boolean) {
  const t = useTranslations("rooms");
  const [phase, setPhase] = useState<Phase>("lobby");
  const [name, setName] = useState(defaultName);
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
  const [chat, setChat] = useState<ChatLine[]>([]);
  const [agents, setAgents] = useState<RoomAgent[]>(initialAgents);
  const [online, setOnline] = useState(true);
  const call = useRef<RoomCall | null>(null);
  const meters = useRef<AudioLevels | null>(null);

  // Closing the tab or navigating away leaves the room (RoomCall also sends a beacon on pagehide).
  useEffect(
    () => () => {
      call.current?.leave({ beacon: true });
      meters.current?.close();
    },
    [],
  );

  /** The microphone's stream (or none when listening only), or null when it was refused. */
  async function microphone(withMic: boolean): Promise<MediaStream | null> {
    if (!withMic) return new MediaStream();
    try {
      return await navigator.mediaDevices.getUserMedia(MIC_CONSTRAINTS);
    } catch (err) {
      setProblem(micProblem(err));
      setPhase("lobby");
      return null;
    }
  }

  function start(joined: Awaited<ReturnType<typeof requestJoin>>, local: MediaStream, withMic: boolean) {
    const levelMeter = forAgent ? null : new AudioLevels(setLevels);
    meters.current = levelMeter;
    if (withMic) levelMeter?.set(joined.participant.id, local);
    setRoster([joined.participant]);
    setLines([]);
    setChat([]);
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
      chat: (incoming) =>
        setChat((prev) => {
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

  /** Joins as `trimmed` (a name already checked), with the microphone or listening only. */
  async function join(trimmed: string, withMic: boolean) {
    setName(trimmed);
    setJoinError(null);
    const unmet = micPrecondition();
    if (unmet === "unsupported" || (withMic && unmet)) return setProblem(unmet);
    setPhase("joining");
    const local = await microphone(withMic);
    if (!local) return;
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
    start(joined, local, withMic);
  }

  return {
    phase,
    name,
    problem,
    joinError,
    closedReason,
    selfId,
    listenOnly,
    muted,
    roster,
    levels,
    peerStates,
    streams,
    lines,
    chat,
    agents,
    online,
    join,
    rejoin: () => setPhase("lobby"),
    toggleMute: () => {
      call.current?.setMuted(!muted);
      setMuted(!muted);
    },
    leave: () => call.current?.leave(),
    /** Sends a chat line; rejects with the reason when it was not taken. */
    sendChat: async (text: string) => {
      if (!call.current) throw new Error(t("chatFailed"));
      await call.current.sendChat(text, t("chatFailed"));
    },
  };
}

export type RoomCallState = ReturnType<typeof useRoomCall>;
