"use client";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { TextField } from "@/components/ui/field";
import { apiFetch } from "@/lib/client/api";
import type { Provider } from "@/lib/client/use-providers";

export interface PipelineStep {
  providerId: string;
  apiKey: string;
  clearKey: boolean;
  extraText: string;
}

const SELECT = "w-full rounded-md border border-[var(--border)] bg-[var(--surface)] px-3 py-2 text-sm focus:outline-2 focus:outline-primary";

export function parseExtra(text: string): Record<string, unknown> | null {
  try {
    const value = text.trim() ? JSON.parse(text) : {};
    return value && typeof value === "object" && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/** One step of the voice pipeline: provider, model/voice, key with "Test key", extra params JSON. */
export function ProviderSection({
  kind,
  providers,
  value,
  onChange,
  stored,
  errors,
}: {
  kind: "stt" | "ai" | "tts";
  providers: Provider[];
  value: PipelineStep;
  onChange: (next: PipelineStep) => void;
  stored: { hasKey: boolean; hint: string | null };
  errors: Record<string, string>;
}) {
  const t = useTranslations("agents");
  const id = useId();
  const provider = providers.find((p) => p.id === value.providerId);
  const extra = parseExtra(value.extraText);
  const [test, setTest] = useState<{ status: string; message: string } | null>(null);
  const [testing, setTesting] = useState(false);

  const setParam = (name: string, v: string) => {
    const next = { ...(extra ?? {}) };
    if (v) next[name] = v;
    else delete next[name];
    onChange({ ...value, extraText: JSON.stringify(next, null, 2) });
  };

  const runTest = async () => {
    setTesting(true);
    setTest(null);
    try {
      setTest(
        await apiFetch<{ status: string; message: string }>(`/api/providers/${kind}/${value.providerId}/verify`, {
          method: "POST",
          body: JSON.stringify({ apiKey: value.apiKey, extraParams: extra ?? {} }),
        }),
      );
    } catch (err) {
      setTest({ status: "unreachable", message: (err as Error).message });
    } finally {
      setTesting(false);
    }
  };

  const voiceParam = provider?.extraParams.find((p) => p.name === "voiceId" || p.name === "voice")?.name;
  const jsonError = extra === null ? t("invalidJson") : (errors[`${kind}ExtraParams`] ?? Object.entries(errors).find(([k]) => k.startsWith(`${kind}ExtraParams.`))?.[1]);

  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-[var(--border)] p-4">
      <legend className="px-1 font-medium">{t(`fields.${kind}`)}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-provider`} className="text-sm font-medium">
            {t("fields.provider")}
          </label>
          <select
            id={`${id}-provider`}
            className={SELECT}
            value={value.providerId}
            onChange={(e) => {
              setTest(null);
              onChange({ ...value, providerId: e.target.value, extraText: "{}" });
            }}
          >
            {providers.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
          {errors[`${kind}ProviderId`] && <p role="alert" className="text-sm text-error-text">{errors[`${kind}ProviderId`]}</p>}
        </div>
        {provider && provider.models.length > 0 && (
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-model`} className="text-sm font-medium">
              {t("fields.model")}
            </label>
            <select id={`${id}-model`} className={SELECT} value={String(extra?.model ?? "")} onChange={(e) => setParam("model", e.target.value)}>
              <option value="">{provider.defaultModel ? `${provider.defaultModel} (default)` : "—"}</option>
              {provider.models.filter((m) => m !== provider.defaultModel).map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </div>
        )}
        {provider && voiceParam && provider.voices.length > 0 && (
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-voice`} className="text-sm font-medium">
              {t("fields.voice")}
            </label>
            <select id={`${id}-voice`} className={SELECT} value={String(extra?.[voiceParam] ?? "")} onChange={(e) => setParam(voiceParam, e.target.value)}>
              <option value="">—</option>
              {provider.voices.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.name}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <TextField
          label={`${t("fields.apiKey")} (${provider?.name ?? value.providerId})`}
          type="password"
          autoComplete="off"
          value={value.apiKey}
          onChange={(e) => onChange({ ...value, apiKey: e.target.value, clearKey: false })}
          hint={stored.hasKey ? t("fields.keyStored", { hint: stored.hint ?? "…" }) : t("fields.keyNone")}
          error={errors[`${kind}ApiKey`]}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button size="sm" variant="secondary" disabled={!value.apiKey.trim()} loading={testing} onClick={runTest}>
            {testing ? t("testing") : t("testKey")}
          </Button>
          {test && (
            <span
              role="status"
              className={cn("text-sm", test.status === "valid" ? "text-success-text" : test.status === "invalid" ? "text-error-text" : "text-warning-text")}
            >
              {t(test.status === "valid" ? "keyValid" : test.status === "invalid" ? "keyInvalid" : "keyUnreachable")} — {test.message}
            </span>
          )}
          {stored.hasKey && (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={value.clearKey} onChange={(e) => onChange({ ...value, clearKey: e.target.checked, apiKey: "" })} />
              {t("fields.clearKey")}
            </label>
          )}
        </div>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-extra`} className="text-sm font-medium">
          {t("fields.extraParams")}
        </label>
        <textarea
          id={`${id}-extra`}
          rows={4}
          spellCheck={false}
          value={value.extraText}
          aria-invalid={jsonError ? true : undefined}
          aria-describedby={`${id}-extra-help`}
          onChange={(e) => onChange({ ...value, extraText: e.target.value })}
          className={cn(SELECT, "font-mono text-xs", jsonError ? "border-error" : "")}
        />
        <p id={`${id}-extra-help`} className={cn("text-xs", jsonError ? "text-error-text" : "text-[var(--text-muted)]")} role={jsonError ? "alert" : undefined}>
          {jsonError ?? t("fields.extraParamsHint", { names: provider?.extraParams.map((p) => p.name).join(", ") || "—" })}
          {provider?.docsUrl && !jsonError && (
            <>
              {" · "}
              <a href={provider.docsUrl} target="_blank" rel="noopener noreferrer" className="underline">
                {t("fields.docs")}
              </a>
            </>
          )}
        </p>
      </div>
    </fieldset>
  );
}
