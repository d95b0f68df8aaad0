"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { FINAL_STATUSES, OPEN_STATUSES } from "@/lib/meetings/status";

export const VIEWS = { upcoming: OPEN_STATUSES, past: FINAL_STATUSES } as const;
export type View = keyof typeof VIEWS;
/** Typing in the search box waits this long before the list asks the server. */
const SEARCH_DELAY_MS = 300;

/**
 * The meeting list's view, filters, search and page, kept in the URL (a reload or a shared link
 * shows the same list); the search box updates the URL once typing pauses.
 */
export function useMeetingFilters() {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const view: View = params.get("view") === "past" ? "past" : "upcoming";
  const agentId = params.get("agent_id") ?? "";
  const status = params.get("status") ?? "";
  const query = params.get("q") ?? "";
  const page = Math.max(1, Number(params.get("page")) || 1);
  const [search, setSearch] = useState(query);

  // The URL last asked for, until the page shows it: a change made meanwhile (the search box's pause
  // right after a filter was chosen, on a slow connection) builds on it, not on the URL still shown,
  // or it would undo that filter. Going Back or Forward starts again from what the page shows.
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (asked.current === params.toString()) asked.current = null;
  }, [params]);
  useEffect(() => {
    const forget = () => (asked.current = null);
    window.addEventListener("popstate", forget);
    return () => window.removeEventListener("popstate", forget);
  }, []);

  /** Sets (or, empty, removes) these parameters; any change but the page's starts at page 1. */
  const setQuery = (next: Record<string, string>) => {
    const q = new URLSearchParams(asked.current ?? params);
    for (const [k, v] of Object.entries(next)) {
      if (v) q.set(k, v);
      else q.delete(k);
    }
    if (!("page" in next)) q.delete("page");
    const s = q.toString();
    asked.current = s;
    router.replace(s ? `${pathname}?${s}` : pathname, { scroll: false });
  };

  const searchPaused = useEffectEvent(() => setQuery({ q: search.trim() }));
  useEffect(() => {
    if (search.trim() === query) return;
    const timer = setTimeout(() => searchPaused(), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, query]);

  return { params, view, agentId, status, query, page, search, setSearch, setQuery, filtered: Boolean(agentId || status || query) };
}

export type MeetingFilters = ReturnType<typeof useMeetingFilters>;
