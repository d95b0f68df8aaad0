"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import { apiFetch } from "@/lib/client/api";
import type { ProviderKind, Voice } from "@/lib/providers/catalogue";
import type { AccountModels } from "@/lib/agents/list-account-models";

export type AccountModelsState = { status: "idle" } | { status: "loading" } | ({ status: "loaded" } & AccountModels) | { status: "failed"; message: string };

/**
 * The models and voices the user's key can use, from the provider through our server: loaded
 * after a successful "Test key" (with the key just tested) and, on the edit form, at once with the
 * key the agent stores. Until then (or when it fails) the pickers offer the catalogue's list.
 * A newer load replaces an older one still on its way.
 */
export function useAccountModels(kind: ProviderKind, providerId: string, stored: { agentId: string } | null, extraParams: Record<string, unknown> | null) {
  const [state, setState] = useState<AccountModelsState>({ status: "idle" });
  const generation = useRef(0);
  const params = useRef(extraParams);
  params.current = extraParams;

  const load = useCallback(
    async (key: { apiKey: string } | { agentId: string }) => {
      const mine = ++generation.current;
      setState({ status: "loading" });
      try {
        const body = JSON.stringify({ ...key, extraParams: params.current ?? {} });
        const result = await apiFetch<AccountModels>(`/api/providers/${kind}/${providerId}/models`, { method: "POST", body });
        if (mine === generation.current) setState({ status: "loaded", ...result });
      } catch (err) {
        if (mine === generation.current) setState({ status: "failed", message: (err as Error).message });
      }
    },
    [kind, providerId],
  );

  // The edit form: the stored key lists the account's models as soon as the form opens.
  const storedAgent = stored?.agentId;
  useEffect(() => {
    generation.current++;
    setState({ status: "idle" });
    if (storedAgent) void load({ agentId: storedAgent });
  }, [storedAgent, load]);

  const models: string[] | null = state.status === "loaded" && state.models.source === "account" ? state.models.items : null;
  const voices: Voice[] | null = state.status === "loaded" && state.voices.source === "account" ? state.voices.items : null;
  return { state, load, models, voices };
}
