"use client";
// The test room's call in the browser: one RTCPeerConnection per other participant (a mesh; rooms
// are small), signalled through Cohost's own routes (POST signals, an EventSource for everything
// that comes back). Framework-free; the room page (room-call-view.tsx) renders its state.
import type { RoomAgent } from "@/lib/rooms/room-agents";
import { sendRoomChat, type ChatLine } from "./room-chat";

export interface RosterEntry {
  id: string;
  name: string;
}

export interface TranscriptLine {
  id: string;
  speaker: string;
  isAgent: boolean;
  text: string;
  chat: boolean;
  at: string;
  /** A tool call of the agent, not speech (lib/rooms/room-transcript.ts). */
  tool?: { name: string; ok: boolean; durationMs: number } | null;
}

export interface JoinedRoom {
  participant: RosterEntry;
  key: string;
  iceServers: RTCIceServer[];
}

export type PeerState = "connecting" | "connected" | "failed";
export type ClosedReason = "left" | "room_closed" | "lost";

export interface RoomCallEvents {
  roster(list: RosterEntry[]): void;
  /** Whether Cohost's server is reachable; the call itself goes on without it (peer to peer). */
  online(online: boolean): void;
  agents(list: RoomAgent[]): void;
  transcript(lines: TranscriptLine[]): void;
  chat(lines: ChatLine[]): void;
  peerState(peerId: string, state: PeerState): void;
  remoteStream(peerId: string, stream: MediaStream | null): void;
  closed(reason: ClosedReason): void;
}

type SignalPayload = { description: RTCSessionDescriptionInit } | { candidate: RTCIceCandidateInit | null };

/**
 * How long the page keeps trying to reach Cohost again after losing it (the web server restarting,
 * a network blip) before it gives up: the server keeps a participant that long too
 * (lib/rooms/limits.ts staleMs).
 */
const RECONNECT_FOR_MS = 60_000;
const RETRY_MS = [1_000, 2_000, 4_000] as const;
const retryDelay = (attempt: number) => RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)];

/**
 * One side of one pair, with the "perfect negotiation" pattern: the participant with the greater id
 * offers (it adds the audio transceiver), the other answers and yields on a collision.
 */
class Peer {
  readonly pc: RTCPeerConnection;
  private readonly polite: boolean;
  private makingOffer = false;
  private ignoreOffer = false;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    readonly id: string,
    selfId: string,
    iceServers: RTCIceServer[],
    private readonly local: MediaStream,
    private readonly send: (payload: SignalPayload) => void,
    events: Pick<RoomCallEvents, "peerState" | "remoteStream">,
  ) {
    this.polite = selfId < id;
    this.pc = new RTCPeerConnection({ iceServers });
    this.pc.onnegotiationneeded = async () => {
      try {
        this.makingOffer = true;
        await this.pc.setLocalDescription();
        if (this.pc.localDescription) this.send({ description: this.pc.localDescription.toJSON() });
      } catch (err) {
        console.warn("[room] offer failed", err);
      } finally {
        this.makingOffer = false;
      }
    };
    this.pc.onicecandidate = ({ candidate }) => this.send({ candidate: candidate ? candidate.toJSON() : null });
    this.pc.ontrack = ({ track, streams }) => events.remoteStream(id, streams[0] ?? new MediaStream([track]));
    this.pc.onconnectionstatechange = () => {
      const s = this.pc.connectionState;
      if (s === "connected") events.peerState(id, "connected");
      else if (s === "failed") {
        events.peerState(id, "failed");
        // The offering side restarts ICE; a new offer follows through onnegotiationneeded.
        if (!this.polite) this.pc.restartIce();
      } else if (s === "new" || s === "connecting") events.peerState(id, "connecting");
    };
    events.peerState(id, "connecting");
    if (!this.polite) {
      const transceiver = this.pc.addTransceiver("audio", { direction: "sendrecv", streams: [local] });
      void transceiver.sender.replaceTrack(local.getAudioTracks()[0] ?? null);
    }
  }

  /** Signals of one pair are handled strictly in order (a candidate needs its description first). */
  handle(payload: SignalPayload) {
    this.chain = this.chain.then(() => this.apply(payload)).catch((err) => console.warn("[room] signal failed", err));
  }

  private async apply(payload: SignalPayload) {
    if ("description" in payload) {
      const description = payload.description;
      const collision = description.type === "offer" && (this.makingOffer || this.pc.signalingState !== "stable");
      this.ignoreOffer = !this.polite && collision;
      if (this.ignoreOffer) return;
      await this.pc.setRemoteDescription(description);
      if (description.type === "offer") {
        // The answering side sends its microphone on the transceiver the offer created.
        for (const t of this.pc.getTransceivers()) {
          if (t.receiver.track.kind !== "audio" || t.direction === "sendrecv") continue;
          t.direction = "sendrecv";
          t.sender.setStreams(this.local);
          await t.sender.replaceTrack(this.local.getAudioTracks()[0] ?? null);
        }
        await this.pc.setLocalDescription();
        if (this.pc.localDescription) this.send({ description: this.pc.localDescription.toJSON() });
      }
    } else {
      try {
        await this.pc.addIceCandidate(payload.candidate ?? undefined);
      } catch (err) {
        if (!this.ignoreOffer) throw err;
      }
    }
  }

  close() {
    this.pc.close();
  }
}

export class RoomCall {
  private readonly peers = new Map<string, Peer>();
  private source: EventSource | null = null;
  private outbox: Promise<void> = Promise.resolve();
  private done = false;
  private online = true;
  /** When the server was last heard from (an event, or a stream opening). */
  private heardAt = Date.now();
  private lastSignalId = "";
  private reopenAttempt = 0;
  private reopenTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly onPageHide = () => this.leave({ beacon: true });

  constructor(
    private readonly roomId: string,
    private readonly joined: JoinedRoom,
    private readonly local: MediaStream,
    private readonly events: RoomCallEvents,
  ) {}

  get selfId(): string {
    return this.joined.participant.id;
  }

  /** A line in the room's chat; shown at once (the stream brings it again, by the same id). */
  async sendChat(text: string, fallback: string): Promise<void> {
    const line = await sendRoomChat(this.roomId, this.selfId, this.joined.key, text, fallback);
    this.events.chat([line]);
  }

  private base(): string {
    return `/api/rooms/${encodeURIComponent(this.roomId)}/participants/${encodeURIComponent(this.selfId)}`;
  }

  start() {
    this.open();
    window.addEventListener("pagehide", this.onPageHide);
  }

  /**
   * The event stream. EventSource reconnects by itself (and resumes after the last signal it got)
   * while the server cannot be reached; it gives up when an answer is not a stream (a proxy's 502
   * while Cohost restarts, or the server no longer knowing us), and then a new one is opened with the
   * last signal's id, until RECONNECT_FOR_MS have passed since the server was last heard from.
   */
  private open() {
    const params = new URLSearchParams({ key: this.joined.key });
    if (this.lastSignalId) params.set("lastEventId", this.lastSignalId);
    const source = new EventSource(`${this.base()}/events?${params}`);
    this.source = source;
    const heard = () => {
      this.heardAt = Date.now();
      this.reopenAttempt = 0;
      this.setOnline(true);
    };
    source.onopen = heard;
    source.addEventListener("roster", (e) => {
      heard();
      this.onRoster(JSON.parse((e as MessageEvent).data));
    });
    source.addEventListener("signal", (e) => {
      heard();
      const message = e as MessageEvent;
      if (message.lastEventId) this.lastSignalId = message.lastEventId;
      const { from, payload } = JSON.parse(message.data) as { from: string; payload: SignalPayload };
      this.peer(from).handle(payload);
    });
    source.addEventListener("transcript", (e) => this.events.transcript(JSON.parse((e as MessageEvent).data)));
    source.addEventListener("chat", (e) => this.events.chat(JSON.parse((e as MessageEvent).data)));
    source.addEventListener("agents", (e) => this.events.agents(JSON.parse((e as MessageEvent).data)));
    source.addEventListener("closed", (e) => this.finish(JSON.parse((e as MessageEvent).data).reason));
    source.onerror = () => {
      if (this.done || this.source !== source) return;
      // The stream was up until now (quiet rooms send no events, only keep-alive comments).
      if (this.online) this.heardAt = Date.now();
      this.setOnline(false);
      if (source.readyState !== EventSource.CLOSED) return;
      if (Date.now() - this.heardAt > RECONNECT_FOR_MS) return this.finish("lost");
      this.reopenTimer = setTimeout(() => !this.done && this.open(), retryDelay(this.reopenAttempt++));
    };
  }

  private setOnline(online: boolean) {
    if (online === this.online) return;
    this.online = online;
    this.events.online(online);
  }

  setMuted(muted: boolean) {
    for (const track of this.local.getAudioTracks()) track.enabled = !muted;
  }

  /** Leaves the room: a beacon when the page is going away, else a normal request. */
  leave(opts: { beacon?: boolean } = {}) {
    if (this.done) return;
    const body = JSON.stringify({ key: this.joined.key });
    if (opts.beacon) navigator.sendBeacon(`${this.base()}/leave`, body);
    else void fetch(`${this.base()}/leave`, { method: "POST", body, headers: { "content-type": "application/json" }, keepalive: true }).catch(() => {});
    this.finish("left");
  }

  private finish(reason: ClosedReason) {
    if (this.done) return;
    this.done = true;
    window.removeEventListener("pagehide", this.onPageHide);
    clearTimeout(this.reopenTimer);
    this.source?.close();
    for (const peer of this.peers.values()) peer.close();
    this.peers.clear();
    for (const track of this.local.getTracks()) track.stop();
    this.events.closed(reason);
  }

  private onRoster(list: RosterEntry[]) {
    this.events.roster(list);
    const present = new Set(list.map((p) => p.id));
    for (const [id, peer] of this.peers) {
      if (present.has(id)) continue;
      peer.close();
      this.peers.delete(id);
      this.events.remoteStream(id, null);
    }
    for (const p of list) if (p.id !== this.selfId) this.peer(p.id);
  }

  private peer(id: string): Peer {
    let peer = this.peers.get(id);
    if (!peer) {
      peer = new Peer(id, this.selfId, this.joined.iceServers, this.local, (payload) => this.signal(id, payload), this.events);
      this.peers.set(id, peer);
    }
    return peer;
  }

  /**
   * Outgoing signals go one after another, so each pair sees them in the order they were made. One
   * that cannot reach the server (it is restarting) is sent again until it arrives, so a negotiation
   * under way when Cohost went away completes when it is back; a refusal (the peer left) is final.
   */
  private signal(to: string, payload: SignalPayload) {
    const body = JSON.stringify({ key: this.joined.key, to, payload });
    this.outbox = this.outbox.then(async () => {
      for (let attempt = 0; !this.done; attempt++) {
        try {
          const response = await fetch(`${this.base()}/signals`, { method: "POST", body, headers: { "content-type": "application/json" } });
          if (response.status < 500) return;
        } catch {
          // The server cannot be reached: try again below.
        }
        if (Date.now() - this.heardAt > RECONNECT_FOR_MS) return;
        await new Promise((resolve) => setTimeout(resolve, retryDelay(attempt)));
      }
    });
  }
}

/** Joins under a name; a refusal (full room, expired link, too many joins) throws the server's message. */
export async function requestJoin(roomId: string, name: string, fallback: string): Promise<JoinedRoom> {
  // Plain fetch: the room is public, so no session refresh or sign-out rules apply here.
  const response = await fetch(`/api/rooms/${encodeURIComponent(roomId)}/participants`, {
    method: "POST",
    body: JSON.stringify({ name }),
    headers: { "content-type": "application/json" },
  });
  const body = (await response.json().catch(() => null)) as (JoinedRoom & { message?: string }) | null;
  if (!response.ok || !body) throw new Error(body?.message || fallback);
  return body;
}
