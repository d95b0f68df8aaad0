"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import { apiFetch } from "@/lib/client/api";
import type { ProviderKind, Voice } from "@/lib/providers/catalogue";
import type { AccountModels } from "@/lib/agents/list-account-models";

export type AccountModelsState = { status: "idle" } | { status: "loading" } | ({ status: "loaded" } & AccountModels) | { status: "failed"; message: string };

const IDLE: AccountModelsState = { status: "idle" };
const LOADING: AccountModelsState = { status: "loading" };

/**
 * The models and voices the user's key can use, from the provider through our server: loaded
 * after a successful "Test key" (with the key just tested) and, on the edit form, at once with the
 * key the agent stores. Until then (or when it fails) the pickers offer the catalogue's list.
 * A newer load replaces an older one still on its way; what was loaded for another provider (or
 * stored key) is not shown.
 */
export function useAccountModels(kind: ProviderKind, providerId: string, stored: { agentId: string } | null, extraParams: Record<string, unknown> | null) {
  const storedAgent = stored?.agentId;
  const source = `${kind}:${providerId}:${storedAgent ?? ""}`;
  const [result, setResult] = useState<{ source: string; state: AccountModelsState }>({ source: "", state: IDLE });
  const generation = useRef(0);
  // The params as last rendered, for a load started by "Test key" or by the form opening.
  const params = useRef(extraParams);
  useEffect(() => {
    params.current = extraParams;
  });

  const fetchModels = useCallback(
    async (key: { apiKey: string } | { agentId: string }) => {
      const mine = ++generation.current;
      const settle = (state: AccountModelsState) => mine === generation.current && setResult({ source, state });
      try {
        const body = JSON.stringify({ ...key, extraParams: params.current ?? {} });
        settle({ status: "loaded", ...(await apiFetch<AccountModels>(`/api/providers/${kind}/${providerId}/models`, { method: "POST", body })) });
      } catch (err) {
        settle({ status: "failed", message: (err as Error).message });
      }
    },
    [kind, providerId, source],
  );

  // The edit form: the stored key lists the account's models as soon as the form opens. Another
  // provider makes any load still on its way stale.
  useEffect(() => {
    if (storedAgent) void fetchModels({ agentId: storedAgent });
    else generation.current++;
  }, [storedAgent, fetchModels]);

  const load = useCallback(
    (key: { apiKey: string } | { agentId: string }) => {
      setResult({ source, state: LOADING });
      return fetchModels(key);
    },
    [source, fetchModels],
  );

  // Before anything is loaded for this provider: loading when the stored key is being asked.
  const state = result.source === source ? result.state : storedAgent ? LOADING : IDLE;
  const models: string[] | null = state.status === "loaded" && state.models.source === "account" ? state.models.items : null;
  const voices: Voice[] | null = state.status === "loaded" && state.voices.source === "account" ? state.voices.items : null;
  return { state, load, models, voices };
}
