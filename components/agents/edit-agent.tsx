"use client";
import { useTranslations } from "next-intl";
import { LoadingBlock } from "@/components/ui/spinner";
import { useAgent } from "@/lib/client/use-agents";
import { AgentForm } from "./agent-form";

export function EditAgent({ id }: { id: string }) {
  const t = useTranslations("agents");
  const { data, error, isLoading } = useAgent(id);
  if (isLoading) return <LoadingBlock />;
  if (error || !data) return <p role="alert" className="text-error-text">{error?.message ?? t("loadFailed")}</p>;
  return <AgentForm agent={data} />;
}
