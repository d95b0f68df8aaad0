"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useSWRConfig } from "swr";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { apiFetch } from "@/lib/client/api";
import { messageOf } from "@/lib/client/form-errors";
import { useSubmit } from "@/lib/client/use-submit";
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
  const { mutate } = useSWRConfig();
  const check = useSubmit();
  const typed = apiKey.trim();

  // What was said holds for the key and address it was said about, not for another one typed since.
  const baseUrl = typeof extraParams?.baseUrl === "string" ? extraParams.baseUrl : "";
  const about = `${typed}\u0000${baseUrl}`;
  const [said, setSaid] = useState<{ about: string; result?: Result; hint?: string } | null>(null);
  const shown = said?.about === about ? said : null;
  const result = shown?.result ?? null;

  const run = () => {
    setSaid(null);
    if (missingBaseUrl) return setSaid({ about, hint: t("baseUrlFirst") });
    const key = typed ? { apiKey: typed } : agentId ? { agentId } : { apiKey: "" };
    void check.run(
      async () => {
        const checked = await apiFetch<KeyCheckResult>(`/api/providers/${kind}/${providerId}/verify`, {
          method: "POST",
          body: JSON.stringify({ ...key, extraParams: extraParams ?? {} }),
          fallback: t("failed"),
        });
        setSaid({ about, result: checked });
        onChecked?.(checked, key);
        // A check of the stored key is remembered on the agent (its card names a refused key): the
        // cached list and agent are stale now.
        if ("agentId" in key) await Promise.all([mutate("/api/agents"), mutate(`/api/agents/${key.agentId}`)]);
      },
      { failure: (err) => (setSaid({ about, result: { status: "error", reason: "error", message: messageOf(err) } }), null) },
    );
  };

  const sentence = (r: Result) =>
    r.reason === "error"
      ? t("result.error", { message: r.message })
      : t(`result.${r.reason}`, { provider: providerName, status: r.providerStatus ?? 0, seconds: r.seconds ?? 0 });

  return (
    <div className="flex min-w-0 flex-wrap items-center gap-3">
      <Button size="sm" variant="secondary" disabled={!typed && !agentId && !keyOptional} loading={check.busy} onClick={run}>
        {check.busy ? t("testing") : t("test")}
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
        {shown?.hint}
      </span>
    </div>
  );
}
