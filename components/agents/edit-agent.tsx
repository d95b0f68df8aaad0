"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import { LoadingBlock } from "@/components/ui/spinner";
import { useAgent } from "@/lib/client/use-agents";
import { AgentForm } from "./agent-form";

export function EditAgent({ id, serverJoinLeadSeconds }: { id: string; serverJoinLeadSeconds: number }) {
  const t = useTranslations("agents");
  const { data, error, isLoading } = useAgent(id);
  if (isLoading) return <LoadingBlock />;
  if (error || !data) {
    return (
      <Card role="alert" className="flex max-w-xl flex-col items-start gap-3">
        <p className="text-error-text">{(error as Error | undefined)?.message ?? t("errors.fetchAgents")}</p>
        <Link href="/agents" className="text-sm underline">
          {t("backToList")}
        </Link>
      </Card>
    );
  }
  return <AgentForm agent={data} serverJoinLeadSeconds={serverJoinLeadSeconds} />;
}
