"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { apiFetch } from "@/lib/client/api";
import type { ProviderKind } from "@/lib/providers/catalogue";

type Result = { status: "valid" | "invalid" | "unreachable" | "error"; message: string };
const TONE = { valid: "text-success-text", invalid: "text-error-text", unreachable: "text-warning-text", error: "text-error-text" };

/**
 * "Test key": checks the typed key, or else the one the agent stores for this provider, with the
 * provider's cheapest authenticated call. Render with key={providerId} so a new provider starts clean.
 */
export function KeyCheck({ kind, providerId, apiKey, agentId, extraParams }: { kind: ProviderKind; providerId: string; apiKey: string; agentId?: string; extraParams: Record<string, unknown> | null }) {
  const t = useTranslations("agents.key");
  const [result, setResult] = useState<Result | null>(null);
  const [checking, setChecking] = useState(false);
  const typed = apiKey.trim();

  const run = async () => {
    setChecking(true);
    setResult(null);
    try {
      const body = { ...(typed ? { apiKey: typed } : { agentId }), extraParams: extraParams ?? {} };
      setResult(await apiFetch<Result>(`/api/providers/${kind}/${providerId}/verify`, { method: "POST", body: JSON.stringify(body), fallback: t("failed") }));
    } catch (err) {
      setResult({ status: "error", message: (err as Error).message });
    } finally {
      setChecking(false);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button size="sm" variant="secondary" disabled={!typed && !agentId} loading={checking} onClick={run}>
        {checking ? t("testing") : t("test")}
      </Button>
      <span role="status" aria-live="polite" className={cn("text-sm", result && TONE[result.status])}>
        {result && `${t(`result.${result.status}`)}: ${result.message}`}
      </span>
    </div>
  );
}
