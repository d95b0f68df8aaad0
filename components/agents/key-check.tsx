"use client";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useSWRConfig } from "swr";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { apiFetch } from "@/lib/client/api";
import type { ProviderKind } from "@/lib/providers/catalogue";
import type { KeyCheck as KeyCheckResult } from "@/lib/providers/verify-key";

type Result = KeyCheckResult | { status: "error"; reason: "error"; message: string };
const TONE = { valid: "text-success-text", invalid: "text-error-text", unreachable: "text-warning-text", error: "text-error-text" };
const ICON = { valid: "✓", invalid: "✕", unreachable: "!", error: "✕" };

/**
 * "Test key": checks the typed key, or else the one the agent stores for this provider, with the
 * provider's cheapest authenticated call, and says the outcome in one sentence. Render with
 * key={providerId} so a new provider starts clean; a changed key clears the last outcome.
 */
export function KeyCheck({
  kind,
  providerId,
  providerName,
  apiKey,
  agentId,
  extraParams,
  missingBaseUrl,
  keyOptional,
  onChecked,
}: {
  kind: ProviderKind;
  providerId: string;
  providerName: string;
  apiKey: string;
  agentId?: string;
  extraParams: Record<string, unknown> | null;
  /** The provider needs a base URL and none is entered: say so instead of asking the server. */
  missingBaseUrl?: boolean;
  /** The provider may be used without a key: Test key works with none. */
  keyOptional?: boolean;
  /** After each check, with the key it used (typed, or the agent's stored one). */
  onChecked?: (result: Result, key: { apiKey: string } | { agentId: string }) => void;
}) {
  const t = useTranslations("agents.key");
  const [result, setResult] = useState<Result | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const { mutate } = useSWRConfig();
  const typed = apiKey.trim();

  // What was said about another key or address no longer holds.
  const baseUrl = typeof extraParams?.baseUrl === "string" ? extraParams.baseUrl : "";
  useEffect(() => {
    setResult(null);
    setHint(null);
  }, [typed, baseUrl]);

  const run = async () => {
    setResult(null);
    setHint(null);
    if (missingBaseUrl) return setHint(t("baseUrlFirst"));
    setChecking(true);
    const key = typed ? { apiKey: typed } : agentId ? { agentId } : { apiKey: "" };
    try {
      const checked = await apiFetch<KeyCheckResult>(`/api/providers/${kind}/${providerId}/verify`, {
        method: "POST",
        body: JSON.stringify({ ...key, extraParams: extraParams ?? {} }),
        fallback: t("failed"),
      });
      setResult(checked);
      onChecked?.(checked, key);
      // A check of the stored key is remembered on the agent (its card names a refused key): the
      // cached list and agent are stale now.
      if ("agentId" in key) await Promise.all([mutate("/api/agents"), mutate(`/api/agents/${key.agentId}`)]);
    } catch (err) {
      setResult({ status: "error", reason: "error", message: (err as Error).message });
    } finally {
      setChecking(false);
    }
  };

  const sentence = (r: Result) =>
    r.reason === "error"
      ? t("result.error", { message: r.message })
      : t(`result.${r.reason}`, { provider: providerName, status: r.providerStatus ?? 0, seconds: r.seconds ?? 0 });

  return (
    <div className="flex min-w-0 flex-wrap items-center gap-3">
      <Button size="sm" variant="secondary" disabled={!typed && !agentId && !keyOptional} loading={checking} onClick={run}>
        {checking ? t("testing") : t("test")}
      </Button>
      <span role="status" aria-live="polite" className={cn("min-w-0 text-sm", result ? TONE[result.status] : "text-warning-text")}>
        {result && (
          <>
            <span aria-hidden="true" className="mr-1 font-semibold">
              {ICON[result.status]}
            </span>
            {sentence(result)}
          </>
        )}
        {hint}
      </span>
    </div>
  );
}
