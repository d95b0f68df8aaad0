"use client";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LoadingBlock } from "@/components/ui/spinner";
import { apiFetch } from "@/lib/client/api";
import { notifications } from "@/lib/client/notifications";
import { useAgents, type Agent } from "@/lib/client/use-agents";
import { useProviders } from "@/lib/client/use-providers";

const PLATFORM = { zoom: "bg-zoom", teams: "bg-teams", meet: "bg-meet" };
const PLATFORM_NAME = { zoom: "Zoom", teams: "Teams", meet: "Google Meet" };
const createLink = "inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-medium text-white hover:bg-primary-dark";

export function AgentList() {
  const t = useTranslations("agents");
  const format = useFormatter();
  const store = useAgents();
  const { providers } = useProviders();
  const [busy, setBusy] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<{ agent: Agent; meetings: number } | null>(null);

  const providerName = (kind: "stt" | "ai" | "tts", id: string) => providers[kind].find((p) => p.id === id)?.name ?? id;

  const toggle = async (agent: Agent) => {
    const status = agent.status === "active" ? "paused" : "active";
    setBusy(agent.id);
    try {
      await store.setStatus(agent.id, status);
      notifications.add({ type: "success", message: t("statusChanged", { status }) });
    } catch (err) {
      notifications.add({ type: "error", message: (err as Error).message });
    } finally {
      setBusy(null);
    }
  };

  const askDelete = async (agent: Agent) => {
    const { count } = await apiFetch<{ count: number }>(`/api/agents/${agent.id}/open-meetings`).catch(() => ({ count: 0 }));
    setToDelete({ agent, meetings: count });
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setBusy(toDelete.agent.id);
    try {
      await store.remove(toDelete.agent.id);
      notifications.add({ type: "success", message: t("deleted") });
      setToDelete(null);
    } catch (err) {
      notifications.add({ type: "error", message: (err as Error).message });
    } finally {
      setBusy(null);
    }
  };

  if (store.isLoading) return <LoadingBlock />;
  if (store.error) {
    return (
      <p role="alert" className="rounded-md bg-error/10 p-4 text-error-text">
        {store.error}
      </p>
    );
  }
  if (store.agents.length === 0) {
    return (
      <Card className="flex max-w-xl flex-col items-start gap-3">
        <h2 className="text-lg font-semibold">{t("emptyTitle")}</h2>
        <p className="text-sm text-[var(--text-muted)]">{t("emptyText")}</p>
        <Link href="/agents/create" className={createLink}>
          {t("create")}
        </Link>
      </Card>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <div>
        <Link href="/agents/create" className={createLink}>
          {t("create")}
        </Link>
      </div>
      <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {store.agents.map((agent) => (
          <li key={agent.id}>
            <Card className="flex h-full flex-col gap-3">
              <div className="flex items-start justify-between gap-2">
                <h2 className="text-lg font-semibold">{agent.name}</h2>
                <span
                  className={cn(
                    "rounded-full px-2 py-0.5 text-xs font-medium",
                    agent.status === "active" ? "bg-success/15 text-success-text" : "bg-warning-bg text-[#5c4400]",
                  )}
                >
                  {t(agent.status)}
                </span>
              </div>
              <p className="flex items-center gap-2 text-sm">
                <span aria-hidden="true" className={cn("h-3 w-3 rounded-sm", PLATFORM[agent.meetingPlatform])} />
                {PLATFORM_NAME[agent.meetingPlatform]}
              </p>
              <p className="text-sm text-[var(--text-muted)]">
                {t("providersLine", { stt: providerName("stt", agent.sttProviderId), ai: providerName("ai", agent.aiProviderId), tts: providerName("tts", agent.ttsProviderId) })}
              </p>
              <p className="text-sm">
                {agent.nextMeeting
                  ? `${t("nextMeeting", { title: agent.nextMeeting.title || t("untitled") })} · ${format.dateTime(new Date(agent.nextMeeting.scheduledStart), { dateStyle: "medium", timeStyle: "short" })}`
                  : t("noNextMeeting")}
              </p>
              <div className="mt-auto flex flex-wrap gap-2 pt-2">
                <Button size="sm" variant="secondary" loading={busy === agent.id} onClick={() => toggle(agent)}>
                  {agent.status === "active" ? t("pause") : t("resume")}
                </Button>
                <Link href={`/agents/${agent.id}/edit`} className="inline-flex h-8 items-center rounded-md border border-[var(--border)] px-3 text-sm hover:bg-hover-light dark:hover:bg-white/5">
                  {t("edit")}
                </Link>
                <Button size="sm" variant="ghost" className="text-error-text" onClick={() => askDelete(agent)}>
                  {t("delete")}
                </Button>
              </div>
            </Card>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={toDelete ? t("deleteTitle", { name: toDelete.agent.name }) : ""}
        description={
          toDelete ? `${toDelete.meetings > 0 ? `${t("deleteMeetings", { count: toDelete.meetings })} ` : ""}${t("deleteText")}` : ""
        }
        confirmLabel={t("delete")}
        cancelLabel={t("cancel")}
        busy={busy === toDelete?.agent.id}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
