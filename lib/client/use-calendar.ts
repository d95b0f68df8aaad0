"use client";
import { useTranslations } from "next-intl";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import useSWR, { useSWRConfig } from "swr";
import type { CalendarDto, CalendarEventDto } from "@/lib/calendar/serialize";
import { apiFetch } from "./api";
import { uploadForm } from "./upload";

/** An agent calendar event as the browser sees it (ISO times). */
export type CalendarEvent = Omit<CalendarEventDto, "start" | "end"> & { start: string; end: string | null };
/** One of the user's calendars (uploaded file or subscribed address). */
export type UserCalendar = Omit<CalendarDto, "lastSyncedAt" | "createdAt"> & { lastSyncedAt: string | null; createdAt: string };
interface FeedToken {
  token: string;
  feedUrl: string;
}
interface EventsAnswer {
  events: CalendarEvent[];
  hasToken: boolean;
}

const CONNECTED_POLL_MS = 5000;
const json = (method: string, body?: unknown) => ({ method, body: body === undefined ? undefined : JSON.stringify(body) });
const eventsBase = (agentId: string | undefined) => (agentId ? `/api/agents/${agentId}/calendar` : "/api/calendars/events");
const isKey = (key: unknown, test: (k: string) => boolean) => typeof key === "string" && test(key);
/** Everything a calendar change can make stale: event lists, calendar counts, meetings, agents' next meeting. */
const touchedByCalendars = (k: string) => /^\/api\/agents\/[^/]+\/calendar/.test(k) || k.startsWith("/api/calendars") || k.startsWith("/api/meetings") || k === "/api/agents";

/**
 * Spec §4 calendar store, events part: one agent's events (or all the user's) in a range, with
 * hasToken. Updating an event replaces it by id, deleting removes it, confirming replaces it; other
 * lists that show it (the other calendar page, meetings) are revalidated.
 */
export function useCalendarEvents(agentId: string | undefined, range: { from: Date; to: Date } | null) {
  const t = useTranslations("calendar.errors");
  const { mutate: mutateKey } = useSWRConfig();
  const query = range ? `?from=${encodeURIComponent(range.from.toISOString())}&to=${encodeURIComponent(range.to.toISOString())}` : "";
  const key = `${eventsBase(agentId)}${query}`;
  const { data, error, isLoading, mutate } = useSWR<EventsAnswer>(key, (path: string) => apiFetch<EventsAnswer>(path, { fallback: t("fetchEvents") }), { keepPreviousData: true });
  const others = () => mutateKey((k) => isKey(k, (s) => s !== key && touchedByCalendars(s)));
  const replace = (event: CalendarEvent) => mutate((d) => d && { ...d, events: d.events.map((e) => (e.id === event.id ? event : e)) }, { revalidate: false });
  const eventPath = (e: CalendarEvent) => `/api/agents/${e.agentId}/calendar/events/${e.id}`;

  return {
    events: data?.events ?? [],
    hasToken: data?.hasToken ?? false,
    loading: isLoading,
    error: error ? (error as Error).message : null,
    refresh: () => mutate(),
    async update(event: CalendarEvent, body: { title: string; start: string; end: string | null; meetingUrl: string }) {
      const updated = await apiFetch<CalendarEvent>(eventPath(event), { ...json("PUT", body), fallback: t("updateEvent") });
      await replace(updated);
      void others();
      return updated;
    },
    async remove(event: CalendarEvent) {
      await apiFetch(eventPath(event), { method: "DELETE", fallback: t("deleteEvent") });
      await mutate((d) => d && { ...d, events: d.events.filter((e) => e.id !== event.id) }, { revalidate: false });
      void others();
    },
    /** Undoes remove(): the event comes back (with a new meeting when it is confirmed and not over). */
    async restore(event: CalendarEvent) {
      const restored = await apiFetch<CalendarEvent>(`${eventPath(event)}/restore`, { method: "POST", fallback: t("restoreEvent") });
      await mutate((d) => d && { ...d, events: [...d.events.filter((e) => e.id !== restored.id), restored].sort((a, b) => a.start.localeCompare(b.start)) }, { revalidate: false });
      void others();
      return restored;
    },
    /** The event's switch over its calendar's rule: true join, false don't, null the rule decides. */
    async switchJoin(event: CalendarEvent, join: boolean | null) {
      const switched = await apiFetch<CalendarEvent>(eventPath(event), { ...json("PATCH", { join }), fallback: t("switchEvent") });
      await replace(switched);
      void others();
      return switched;
    },
    async confirm(event: CalendarEvent) {
      const confirmed = await apiFetch<CalendarEvent>(`${eventPath(event)}/confirm`, { method: "POST", fallback: t("confirmEvent") });
      await replace(confirmed);
      void others();
      return confirmed;
    },
  };
}

/**
 * The feed address of one agent (or of all the user's meetings). `newToken` is the address on show:
 * a new one (regenerate: every cached list of that scope gets hasToken true) or the current one
 * shown again (show: null when the current address was made before addresses were kept).
 */
export function useFeedToken(agentId: string | undefined) {
  const t = useTranslations("calendar.errors");
  const { mutate: mutateKey } = useSWRConfig();
  const [newToken, setNewToken] = useState<{ feedUrl: string } | null>(null);
  const base = eventsBase(agentId);
  return {
    newToken,
    clear: () => setNewToken(null),
    async show() {
      const { feedUrl } = await apiFetch<{ feedUrl: string | null }>(agentId ? `${base}/feed` : "/api/calendars/feed", { fallback: t("showToken") });
      setNewToken(feedUrl ? { feedUrl } : null);
      return feedUrl;
    },
    async regenerate() {
      const path = agentId ? `${base}/regenerate-token` : "/api/calendars/regenerate-token";
      const token = await apiFetch<FeedToken>(path, { method: "POST", fallback: t(agentId ? "regenerateToken" : "regenerateUserToken") });
      setNewToken({ feedUrl: token.feedUrl });
      await mutateKey((k) => isKey(k, (s) => s === base || s.startsWith(`${base}?`)), (d?: EventsAnswer) => d && { ...d, hasToken: true }, { revalidate: false });
      return token;
    },
  };
}

interface FileUpload {
  name: string;
  /** 0…1 while sending. */
  progress: number;
  /** Sent, then imported by the jobs process (calendarId known), then done or failed. */
  state: "uploading" | "importing" | "done" | "error";
  calendarId?: string;
  message?: string;
}

/** While a calendar imports, the list is re-read this often (the jobs process usually takes a second or two). */
const IMPORT_POLL_MS = 1000;

/**
 * Spec §3 client calendar state: userCalendars, loading, error, uploading, uploadError; plus the
 * per-file progress and errors of the last upload, subscribing, refreshing and removing. Adding or
 * refreshing a calendar queues its import in the jobs process: the list is re-read while any
 * calendar is importing, and each of those actions resolves once its import is done.
 */
export function useCalendars() {
  const t = useTranslations("calendar.errors");
  const { mutate: mutateKey } = useSWRConfig();
  const { data, error, isLoading, mutate } = useSWR<UserCalendar[]>("/api/calendars", (path: string) => apiFetch<UserCalendar[]>(path, { fallback: t("fetchCalendars") }), {
    // While importing, every second; with a connected calendar whose changes are pushed, often
    // enough that a change made in Google or Outlook shows within seconds.
    refreshInterval: (list) => (list?.some((c) => c.importing) ? IMPORT_POLL_MS : list?.some((c) => c.connection) ? CONNECTED_POLL_MS : 0),
  });
  const [files, setFiles] = useState<FileUpload[]>([]);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const put = (calendar: UserCalendar) => mutate((list = []) => (list.some((c) => c.id === calendar.id) ? list.map((c) => (c.id === calendar.id ? calendar : c)) : [...list, calendar]), { revalidate: false });
  const events = () => mutateKey((k) => isKey(k, (s) => s !== "/api/calendars" && touchedByCalendars(s)));

  // Every finished import (also one that was under way when the page loaded) refreshes what shows its events.
  const importingIds = (data ?? [])
    .filter((c) => c.importing)
    .map((c) => c.id)
    .join(" ");
  const wasImporting = useRef(importingIds);
  const latest = useRef(data);
  const waiters = useRef(new Set<() => void>());
  useEffect(() => {
    latest.current = data;
    for (const check of [...waiters.current]) check();
  }, [data]);
  const importFinished = useEffectEvent(() => void events());
  useEffect(() => {
    if (wasImporting.current.split(" ").some((id) => id && !importingIds.split(" ").includes(id))) importFinished();
    wasImporting.current = importingIds;
  }, [importingIds]);
  // A sync the page did not see start (a push notification's) shows by its new lastSyncedAt.
  const syncedKey = (data ?? []).map((c) => `${c.id}@${c.lastSyncedAt}`).join(" ");
  const wasSynced = useRef<string | null>(null);
  useEffect(() => {
    if (wasSynced.current !== null && wasSynced.current !== syncedKey) importFinished();
    wasSynced.current = syncedKey;
  }, [syncedKey]);

  /** Resolves with the calendars once each of `ids` is imported (or was removed meanwhile). */
  const settled = (ids: string[]) =>
    new Promise<UserCalendar[]>((resolve) => {
      const seen = new Set<string>();
      const check = () => {
        const list = latest.current ?? [];
        for (const c of list) if (ids.includes(c.id)) seen.add(c.id);
        if (ids.every((id) => (seen.has(id) && !list.some((c) => c.id === id)) || list.some((c) => c.id === id && !c.importing))) {
          waiters.current.delete(check);
          resolve(list);
        }
      };
      waiters.current.add(check);
      check();
    });
  /** The calendar once its import is done (as the POST answered if it was removed meanwhile). */
  const afterImport = async (calendar: UserCalendar) => (await settled([calendar.id])).find((c) => c.id === calendar.id) ?? calendar;

  return {
    userCalendars: data ?? [],
    loading: isLoading,
    error: error ? (error as Error).message : null,
    uploading: files.some((f) => f.state === "uploading" || f.state === "importing"),
    uploadError,
    files,
    clearFiles: () => setFiles([]),
    refresh: () => mutate(),
    /**
     * Uploads .ics files one after the other, then waits for their imports; each file's outcome is
     * kept (one bad file does not stop the rest). Resolves with the number imported without error.
     */
    async upload(list: File[], agentId: string | undefined) {
      setUploadError(null);
      setFiles(list.map((f) => ({ name: f.name, progress: 0, state: "uploading" })));
      const set = (i: number, change: Partial<FileUpload>) => setFiles((all) => all.map((f, j) => (j === i ? { ...f, ...change } : f)));
      const sent: { i: number; id: string }[] = [];
      for (const [i, file] of list.entries()) {
        const form = new FormData();
        form.set("file", file);
        if (agentId) form.set("agentId", agentId);
        try {
          const calendar = await uploadForm<UserCalendar>("/api/calendars", form, { fallback: t("upload"), onProgress: (progress) => set(i, { progress }) });
          await put(calendar);
          set(i, { progress: 1, state: "importing", calendarId: calendar.id, message: undefined });
          sent.push({ i, id: calendar.id });
        } catch (err) {
          const message = (err as Error).message;
          set(i, { state: "error", message });
          setUploadError(message);
        }
      }
      const calendars = await settled(sent.map((s) => s.id));
      let ok = 0;
      for (const { i, id } of sent) {
        const problem = calendars.find((c) => c.id === id)?.error;
        if (problem) {
          set(i, { state: "error", message: problem });
          setUploadError(problem);
        } else {
          set(i, { state: "done" });
          ok++;
        }
      }
      return ok;
    },
    /** Subscribes and waits for the first import; the calendar comes back with `error` if that failed. */
    async subscribe(body: { url: string; name?: string; agentId?: string }) {
      const calendar = await apiFetch<UserCalendar>("/api/calendars", { ...json("POST", body), fallback: t("subscribe") });
      await put(calendar);
      return afterImport(calendar);
    },
    /** Re-reads a calendar now and waits for it; the calendar comes back with `error` if that failed. */
    async sync(id: string) {
      const calendar = await apiFetch<UserCalendar>(`/api/calendars/${id}/sync`, { method: "POST", fallback: t("sync") });
      await put(calendar);
      return afterImport(calendar);
    },
    /** Which meetings the agent joins from a connected calendar; its events follow at the import this queues. */
    async setJoinRule(id: string, body: { joinRule: string; joinKeyword: string | null }) {
      const calendar = await apiFetch<UserCalendar>(`/api/calendars/${id}`, { ...json("PATCH", body), fallback: t("joinRule") });
      await put(calendar);
      return afterImport(calendar);
    },
    async remove(id: string) {
      const result = await apiFetch<{ cancelledMeetings: number }>(`/api/calendars/${id}`, { method: "DELETE", fallback: t("remove") });
      await mutate((list = []) => list.filter((c) => c.id !== id), { revalidate: false });
      void events();
      return result;
    },
  };
}
