import { apiFetch } from "@/lib/client/api";

/** An SWR fetcher that says `fallback` when the server gives no message. */
export const fetchWith =
  (fallback: string) =>
  <T,>(path: string) =>
    apiFetch<T>(path, { fallback });
