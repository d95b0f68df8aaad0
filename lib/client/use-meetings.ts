"use client";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import useSWR, { useSWRConfig } from "swr";
import type { MeetingDto } from "@/lib/meetings/serialize";
import type { getMeetingDetails } from "@/lib/meetings/get-meeting-details";
import { LIVE_STATUSES } from "@/lib/meetings/status";
import { apiFetch } from "./api";

type Iso<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };
/** A meeting as the browser sees it (dates as ISO strings). */
export type Meeting = Iso<MeetingDto>;
export type MeetingStatus = Meeting["status"];
type DetailsDto = Awaited<ReturnType<typeof getMeetingDetails>>;
export type MeetingDetails = Meeting & {
  manualActivation: boolean;
  events: Iso<DetailsDto["events"][number]>[];
  participants: Iso<DetailsDto["participants"][number]>[];
  transcript: DetailsDto["transcript"];
  usage: DetailsDto["usage"];
  turns: Iso<DetailsDto["turns"][number]>[];
  notes: Iso<DetailsDto["notes"][number]>[];
  summary: Iso<NonNullable<DetailsDto["summary"]>> | null;
  recording: Iso<NonNullable<DetailsDto["recording"]>> | null;
};
export interface MeetingList {
  meetings: Meeting[];
  pagination: { page: number; limit: number; total: number; totalPages: number };
}
export type MeetingAction = "cancel" | "start" | "stop" | "restart";

export const isLiveStatus = (status: MeetingStatus) => (LIVE_STATUSES as readonly string[]).includes(status);

/**
 * The actions a meeting allows (lib/meetings/*-meeting.ts say the same on the server): by its status,
 * and only an active agent can be sent (again): a paused or deleted one is only stopped or cancelled.
 */
export function allowedActions(m: Pick<Meeting, "status" | "agentStatus">): MeetingAction[] {
  const send = (actions: MeetingAction[]) => (m.agentStatus === "active" ? actions : actions.filter((a) => a !== "start" && a !== "restart"));
  switch (m.status) {
    case "scheduled":
      return send(["start", "cancel"]);
    case "joining":
    case "waiting_room":
      return send(["stop", "cancel", "restart"]);
    case "in_progress":
      return send(["stop", "restart"]);
    default:
      return send(["restart"]);
  }
}

const LIVE_REFRESH_MS = 3000;
const FALLBACK = { cancel: "cancelMeeting", start: "startMeeting", stop: "stopMeeting", restart: "restartMeeting" } as const;

type ListFilters = { view?: "upcoming" | "past"; agentId?: string; status?: string; q?: string; page?: number };

function listKey(filters: ListFilters) {
  const q = new URLSearchParams();
  if (filters.view) q.set("view", filters.view);
  if (filters.q) q.set("q", filters.q);
  if (filters.agentId) q.set("agent_id", filters.agentId);
  if (filters.status) q.set("status", filters.status);
  if (filters.page && filters.page > 1) q.set("page", String(filters.page));
  const s = q.toString();
  return `/api/meetings${s ? `?${s}` : ""}`;
}

/** Revalidates every meeting list and details view (after an action anywhere). */
function useRefreshMeetings() {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => typeof key === "string" && key.startsWith("/api/meetings"));
}

/**
 * Spec §4 meetings store on SWR: the list with isLoading and error (the server's message, else
 * "Failed to fetch meetings"); it refreshes itself while a meeting on the page is live. Actions answer
 * the updated meeting, which replaces the old one everywhere.
 */
/** A page of the meeting list; `null` asks for nothing (yet). */
export function useMeetings(filters: ListFilters | null) {
  const t = useTranslations("meetings.errors");
  const { data, error, isLoading, mutate } = useSWR<MeetingList>(filters && listKey(filters), (path: string) => apiFetch<MeetingList>(path, { fallback: t("fetchMeetings") }), {
    refreshInterval: (latest) => (latest?.meetings.some((m) => isLiveStatus(m.status)) ? LIVE_REFRESH_MS : 0),
    keepPreviousData: true,
  });
  return {
    meetings: data?.meetings ?? [],
    pagination: data?.pagination ?? null,
    isLoading,
    error: error ? (error as Error).message : null,
    refresh: () => mutate(),
  };
}

export function useMeetingActions() {
  const t = useTranslations("meetings.errors");
  const refresh = useRefreshMeetings();
  return {
    async run(action: MeetingAction, id: string): Promise<Meeting> {
      const meeting = await apiFetch<Meeting>(`/api/meetings/${id}/${action}`, { method: "POST", fallback: t(FALLBACK[action]) });
      await refresh();
      return meeting;
    },
    async join(body: { agentId: string; meetingUrl: string; title?: string; startAt?: string }): Promise<Meeting> {
      const meeting = await apiFetch<Meeting>("/api/meetings/join", { method: "POST", body: JSON.stringify(body), fallback: t("joinMeeting") });
      await refresh();
      return meeting;
    },
    /**
     * "Try in the test room": makes a room, sends the agent into it, and answers the room's link so
     * the user can follow it in (the agent's bot joins on its own within seconds).
     */
    async tryInTestRoom(agentId: string): Promise<{ roomUrl: string; meeting: Meeting }> {
      const room = await apiFetch<{ id: string; url: string }>("/api/rooms", { method: "POST", body: "{}", fallback: t("testRoom") });
      const meeting = await apiFetch<Meeting>("/api/meetings/join", { method: "POST", body: JSON.stringify({ agentId, meetingUrl: room.url }), fallback: t("joinMeeting") });
      await refresh();
      // The room lives on this site; its path opens it here even when APP_URL names another host.
      return { roomUrl: new URL(room.url).pathname, meeting };
    },
    /** Writes the summary (again), e.g. after it failed. */
    async writeSummary(id: string): Promise<void> {
      await apiFetch(`/api/meetings/${id}/summary`, { method: "POST", fallback: t("summary") });
      await refresh();
    },
    /** "That's me": the participant of the live meeting who is the owner (null: nobody), for owner-only tools. */
    async confirmOwner(id: string, participantId: string | null): Promise<void> {
      await apiFetch(`/api/meetings/${id}/owner`, { method: "POST", body: JSON.stringify({ participantId }), fallback: t("owner") });
      await refresh();
    },
    async setActivation(id: string, active: boolean): Promise<Meeting> {
      const meeting = await apiFetch<Meeting>(`/api/meetings/${id}/activation`, { method: "POST", body: JSON.stringify({ active }), fallback: t("activation") });
      await refresh();
      return meeting;
    },
  };
}

/** While the summary is being written, the page follows it. */
const writingSummary = (d: MeetingDetails) => d.summary?.status === "pending" || d.summary?.status === "running";
/** What changes without an event of its own (who is in the call, the cost) is re-read this often while streaming. */
const STREAMING_REFRESH_MS = 15_000;
const STREAM_EVENTS = ["meeting.status_changed", "meeting.transcript.segment"];

/**
 * One meeting's details. While the meeting is live they are re-read as soon as its event stream
 * (GET /api/meetings/{id}/events) reports a status change or a transcript line, instead of every
 * 3 s; without the stream (it failed, or no EventSource) they are polled every 3 s as before. A
 * summary being written is polled until it is done.
 */
export function useMeetingDetails(id: string) {
  const t = useTranslations("meetings.errors");
  const [streaming, setStreaming] = useState(false);
  const swr = useSWR<MeetingDetails>(`/api/meetings/${id}/details`, (path: string) => apiFetch<MeetingDetails>(path, { fallback: t("fetchMeetingDetails") }), {
    refreshInterval: (latest) =>
      !latest ? 0 : isLiveStatus(latest.status) ? (streaming ? STREAMING_REFRESH_MS : LIVE_REFRESH_MS) : writingSummary(latest) || latest.recording?.status === "recording" ? LIVE_REFRESH_MS : 0,
  });
  const live = swr.data ? isLiveStatus(swr.data.status) : false;
  const { mutate } = swr;
  useEffect(() => {
    if (!live || typeof EventSource === "undefined") return;
    const source = new EventSource(`/api/meetings/${id}/events?since=now`);
    const refresh = () => void mutate();
    // (Re)connected: whatever happened while it was not is read once.
    source.onopen = () => {
      setStreaming(true);
      refresh();
    };
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED) setStreaming(false);
    };
    for (const type of STREAM_EVENTS) source.addEventListener(type, refresh);
    source.addEventListener("end", () => {
      source.close();
      setStreaming(false);
      refresh();
    });
    return () => {
      source.close();
      setStreaming(false);
    };
  }, [id, live, mutate]);
  return swr;
}
