"use client";
import { useTranslations } from "next-intl";
import useSWR, { useSWRConfig } from "swr";
import type { AgentDto } from "@/lib/agents/serialize";
import { apiFetch } from "./api";

/** An agent as the browser sees it (dates as ISO strings). */
export type Agent = Omit<AgentDto, "createdAt" | "updatedAt" | "nextMeeting"> & {
  createdAt: string;
  updatedAt: string;
  nextMeeting: { id: string; title: string; meetingUrl: string; platform: string; scheduledStart: string } | null;
};
export type AgentStatus = Agent["status"];

const KEY = "/api/agents";
const json = (method: string, body?: unknown) => ({ method, body: body === undefined ? undefined : JSON.stringify(body) });

/**
 * Spec §4 agent store on SWR (key "/api/agents"): list with loading and error; create appends the
 * returned agent, update replaces it by id, delete removes it, a status change sets it. Failures
 * throw with the server's message, else the spec's fallback text.
 */
export function useAgents() {
  const t = useTranslations("agents.errors");
  const { mutate: mutateKey } = useSWRConfig();
  const { data, error, isLoading, mutate } = useSWR<Agent[]>(KEY, (path: string) => apiFetch<Agent[]>(path, { fallback: t("fetchAgents") }));
  const replace = (agent: Agent) => mutate((list = []) => list.map((a) => (a.id === agent.id ? agent : a)), { revalidate: false });

  return {
    agents: data ?? [],
    isLoading,
    error: error ? (error as Error).message : null,
    refresh: () => mutate(),
    async create(body: unknown) {
      const agent = await apiFetch<Agent>(KEY, { ...json("POST", body), fallback: t("registerAgent") });
      await mutate((list = []) => [...list, agent], { revalidate: false });
      return agent;
    },
    async update(id: string, body: unknown) {
      const agent = await apiFetch<Agent>(`${KEY}/${id}`, { ...json("PUT", body), fallback: t("updateAgent") });
      await replace(agent);
      await mutateKey(`${KEY}/${id}`, agent, { revalidate: false });
      return agent;
    },
    async remove(id: string) {
      await apiFetch(`${KEY}/${id}`, { method: "DELETE", fallback: t("deleteAgent") });
      await mutate((list = []) => list.filter((a) => a.id !== id), { revalidate: false });
      // Its open meetings were cancelled: meeting lists elsewhere are stale now.
      await mutateKey((key) => typeof key === "string" && key.startsWith("/api/meetings"));
    },
    /** Signs the agent's bot in with a browser session file's text (issue 27), replacing any earlier one. */
    async signInBot(id: string, body: { provider: "google" | "microsoft"; label: string; state: string }) {
      const agent = await apiFetch<Agent>(`${KEY}/${id}/bot-session`, { ...json("PUT", body), fallback: t("signInBot") });
      await replace(agent);
      await mutateKey(`${KEY}/${id}`, agent, { revalidate: false });
    },
    async signOutBot(id: string) {
      const agent = await apiFetch<Agent>(`${KEY}/${id}/bot-session`, { method: "DELETE", fallback: t("signOutBot") });
      await replace(agent);
      await mutateKey(`${KEY}/${id}`, agent, { revalidate: false });
    },
    async setStatus(id: string, status: AgentStatus) {
      const agent = await apiFetch<Agent>(`${KEY}/${id}/status`, { ...json("PATCH", { status }), fallback: t("updateAgentStatus") });
      await mutate((list = []) => list.map((a) => (a.id === id ? { ...a, status: agent.status } : a)), { revalidate: false });
      await mutateKey(`${KEY}/${id}`, agent, { revalidate: false });
    },
  };
}

/** One agent (the edit page). */
export function useAgent(id: string) {
  const t = useTranslations("agents.errors");
  return useSWR<Agent>(`${KEY}/${id}`, (path: string) => apiFetch<Agent>(path, { fallback: t("fetchAgents") }));
}
