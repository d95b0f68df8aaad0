"use client";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { LazyConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { LoadingBlock } from "@/components/ui/spinner";
import { notifications } from "@/lib/client/notifications";
import { useAgents, type Agent } from "@/lib/client/use-agents";
import { useSubmit } from "@/lib/client/use-submit";
import { useProviders } from "@/lib/client/use-providers";
import { formatUsd } from "@/lib/shell/nav";
import { useProfile } from "@/components/shell/use-profile";
import { AgentCard } from "./agent-card";

const createLink = "inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-medium text-white hover:bg-primary-dark";

/** The agent list (spec §2 /agents): cards, pause/resume inline, delete with confirmation, empty state. */
export function AgentList() {
  const t = useTranslations("agents");
  const store = useAgents();
  const locale = useLocale();
  const { providers } = useProviders();
  const balance = useProfile().data?.creditBalanceUsd;
  // Agents start only with a positive balance (lib/billing/usage.ts canStartAgent).
  const outOfCredit = balance !== undefined && balance <= 0;
  const submit = useSubmit();
  const [toDelete, setToDelete] = useState<Agent | null>(null);
  const [askedOnce, setAskedOnce] = useState(false);
  // The dialog reads the live list, so a refresh while it is open updates the meeting count.
  const deleting = toDelete && (store.agents.find((a) => a.id === toDelete.id) ?? toDelete);

  const providerName = (kind: "stt" | "ai" | "tts", id: string) => providers[kind].find((p) => p.id === id)?.name ?? id;

  const toggle = (agent: Agent) => {
    const status = agent.status === "active" ? "paused" : "active";
    return submit.run(
      async () => {
        await store.setStatus(agent.id, status);
        notifications.add({ type: "success", message: t(status === "paused" ? "toast.paused" : "toast.resumed", { name: agent.name }) });
      },
      { key: agent.id },
    );
  };

  const askDelete = (agent: Agent) => {
    setAskedOnce(true);
    setToDelete(agent);
    void store.refresh();
  };

  const confirmDelete = (agent: Agent) =>
    submit.run(
      async () => {
        await store.remove(agent.id);
        notifications.add({ type: "success", message: t("toast.deleted", { name: agent.name }) });
        setToDelete(null);
      },
      { key: agent.id },
    );

  if (store.isLoading) return <LoadingBlock />;
  if (store.error) {
    return (
      <Card role="alert" className="flex max-w-xl flex-col items-start gap-3">
        <p className="text-error-text">{store.error}</p>
        <Button variant="secondary" onClick={() => void store.refresh()}>
          {t("retry")}
        </Button>
      </Card>
    );
  }
  if (store.agents.length === 0) {
    return (
      <Card className="flex max-w-xl flex-col items-start gap-3">
        <h2 className="text-lg font-semibold">{t("list.emptyTitle")}</h2>
        <p className="text-sm text-[var(--text-muted)]">{t("list.emptyText")}</p>
        <Link href="/agents/create" className={createLink}>
          {t("list.create")}
        </Link>
      </Card>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {/* The action beside a summary of the list: not a button alone on a row of its own. */}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-[var(--text-muted)]">{t("list.summary", { count: store.agents.length, active: store.agents.filter((a) => a.status === "active").length })}</p>
        <Link href="/agents/create" className={createLink}>
          {t("list.create")}
        </Link>
      </div>
      {outOfCredit && (
        <p role="status" className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-warning-bg px-4 py-3 text-sm text-[#5c4400]">
          <span className="flex-1">{t("list.noCredit", { balance: formatUsd(balance, locale) })}</span>
          <Link href="/billing" className="font-semibold underline underline-offset-2">
            {t("list.topUp")}
          </Link>
        </p>
      )}
      <ul aria-label={t("list.label")} className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {store.agents.map((agent) => (
          <li key={agent.id}>
            <AgentCard agent={agent} outOfCredit={outOfCredit} providerName={providerName} busy={submit.running(agent.id)} onToggle={() => toggle(agent)} onDelete={() => askDelete(agent)} />
          </li>
        ))}
      </ul>
      {/* Rendered once a delete is first asked for: the dialog's code is not needed before that. */}
      {askedOnce && (
        <LazyConfirmDialog
          open={deleting !== null}
          onOpenChange={(open) => !open && setToDelete(null)}
          title={deleting ? t("delete.title", { name: deleting.name }) : ""}
          description={
            deleting ? (
              <>
                {deleting.openMeetings > 0 && <strong className="block text-[var(--text)]">{t("delete.meetings", { count: deleting.openMeetings })}</strong>}
                {t("delete.text")}
              </>
            ) : (
              ""
            )
          }
          confirmLabel={t("delete.confirm")}
          cancelLabel={t("form.cancel")}
          busy={deleting !== null && submit.running(deleting.id)}
          onConfirm={() => deleting && void confirmDelete(deleting)}
        />
      )}
    </div>
  );
}
