"use client";
import { useTranslations } from "next-intl";
import useSWR, { useSWRConfig } from "swr";
import type { ProviderKind } from "@/lib/providers/catalogue";
import type { ProviderDto } from "@/lib/providers/queries";
import { apiFetch } from "./api";

export type Provider = ProviderDto;
export type ProviderDefaults = Record<ProviderKind, { providerId: string; model: string | null } | null>;

// The catalogue changes only when the operator changes it: one load per ten minutes is plenty;
// `invalidate` reloads at once.
const CACHE = { revalidateOnFocus: false, revalidateIfStale: false, dedupingInterval: 10 * 60_000 };
const KIND_FALLBACK = { stt: "fetchSttProviders", ai: "fetchAiProviders", tts: "fetchTtsProviders" } as const;

/**
 * Spec §4 provider store on SWR: the active providers of all three kinds (keys
 * "/api/providers/stt|ai|tts"), loaded together and cached, plus the defaults.
 */
export function useProviders() {
  const t = useTranslations("agents.errors");
  const { mutate } = useSWRConfig();
  const list = (kind: ProviderKind) => (path: string) => apiFetch<Provider[]>(path, { fallback: t(KIND_FALLBACK[kind]) });
  const stt = useSWR<Provider[]>("/api/providers/stt", list("stt"), CACHE);
  const ai = useSWR<Provider[]>("/api/providers/ai", list("ai"), CACHE);
  const tts = useSWR<Provider[]>("/api/providers/tts", list("tts"), CACHE);
  const defaults = useSWR<ProviderDefaults>("/api/providers/defaults", (path: string) => apiFetch<ProviderDefaults>(path, { fallback: t("fetchDefaultProviders") }), CACHE);

  const failed = [stt.error, ai.error, tts.error, defaults.error].filter(Boolean) as Error[];
  return {
    providers: { stt: stt.data ?? [], ai: ai.data ?? [], tts: tts.data ?? [] },
    defaults: defaults.data ?? null,
    isLoading: stt.isLoading || ai.isLoading || tts.isLoading || defaults.isLoading,
    // One failed list names itself; several failing at once is the combined load failing.
    error: failed.length === 0 ? null : failed.length === 1 ? failed[0].message : t("fetchProviders"),
    invalidate: () => Promise.all(["stt", "ai", "tts", "defaults"].map((k) => mutate(`/api/providers/${k}`))),
  };
}
