"use client";
import useSWR, { useSWRConfig } from "swr";
import type { AgentDto } from "@/lib/agents/serialize";
import { apiFetch } from "./api";

export type Agent = Omit<AgentDto, "createdAt" | "updatedAt" | "nextMeeting"> & {
  createdAt: string;
  updatedAt: string;
  nextMeeting: { id: string; title: string; scheduledStart: string } | null;
};

const KEY = "/api/agents";

/** Spec §4 agent store on SWR: create appends, update replaces by id, delete removes, status sets. */
export function useAgents() {
  const { data, error, isLoading, mutate } = useSWR<Agent[]>(KEY, (p: string) => apiFetch<Agent[]>(p, { fallback: "Failed to fetch agents" }));
  const { mutate: mutateKey } = useSWRConfig();
  return {
    agents: data ?? [],
    isLoading,
    error: error ? (error as Error).message : null,
    async create(body: unknown) {
      const agent = await apiFetch<Agent>(KEY, { method: "POST", body: JSON.stringify(body), fallback: "Failed to register agent" });
      await mutate((list = []) => [...list, agent], { revalidate: false });
      return agent;
    },
    async update(id: string, body: unknown) {
      const agent = await apiFetch<Agent>(`${KEY}/${id}`, { method: "PUT", body: JSON.stringify(body), fallback: "Failed to update agent" });
      await mutate((list = []) => list.map((a) => (a.id === id ? { ...agent, nextMeeting: a.nextMeeting } : a)), { revalidate: false });
      await mutateKey(`${KEY}/${id}`, agent, { revalidate: false });
      return agent;
    },
    async remove(id: string) {
      await apiFetch(`${KEY}/${id}`, { method: "DELETE", fallback: "Failed to delete agent" });
      await mutate((list = []) => list.filter((a) => a.id !== id), { revalidate: false });
    },
    async setStatus(id: string, status: "active" | "paused") {
      await apiFetch(`${KEY}/${id}/status`, { method: "PATCH", body: JSON.stringify({ status }), fallback: "Failed to update agent status" });
      await mutate((list = []) => list.map((a) => (a.id === id ? { ...a, status } : a)), { revalidate: false });
    },
  };
}

export function useAgent(id: string) {
  return useSWR<Agent>(`${KEY}/${id}`, (p: string) => apiFetch<Agent>(p, { fallback: "Failed to fetch agents" }));
}
