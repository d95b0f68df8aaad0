"use client";
import useSWR, { useSWRConfig } from "swr";
import type { ExtraParamSpec } from "@/lib/providers/catalogue";
import { apiFetch } from "./api";

export interface Provider {
  id: string;
  kind: "stt" | "ai" | "tts";
  name: string;
  isDefault: boolean;
  defaultModel: string | null;
  models: string[];
  voices: { id: string; name: string }[];
  extraParams: ExtraParamSpec[];
  docsUrl: string | null;
}

const FALLBACK = { stt: "Failed to fetch STT providers", ai: "Failed to fetch LLM providers", tts: "Failed to fetch TTS providers" };

/** Active providers of all three kinds, loaded together and cached; `invalidate` refetches. */
export function useProviders() {
  const { mutate } = useSWRConfig();
  const stt = useSWR<Provider[]>("/api/providers/stt", (p: string) => apiFetch<Provider[]>(p, { fallback: FALLBACK.stt }), { revalidateOnFocus: false });
  const ai = useSWR<Provider[]>("/api/providers/ai", (p: string) => apiFetch<Provider[]>(p, { fallback: FALLBACK.ai }), { revalidateOnFocus: false });
  const tts = useSWR<Provider[]>("/api/providers/tts", (p: string) => apiFetch<Provider[]>(p, { fallback: FALLBACK.tts }), { revalidateOnFocus: false });
  return {
    providers: { stt: stt.data ?? [], ai: ai.data ?? [], tts: tts.data ?? [] },
    isLoading: stt.isLoading || ai.isLoading || tts.isLoading,
    error: (stt.error ?? ai.error ?? tts.error) ? "Failed to fetch providers" : null,
    invalidate: () => Promise.all(["stt", "ai", "tts"].map((k) => mutate(`/api/providers/${k}`))),
  };
}
