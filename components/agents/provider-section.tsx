"use client";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { cn } from "@/components/ui/cn";
import { TextField } from "@/components/ui/field";
import type { Provider } from "@/lib/client/use-providers";
import type { ExtraParamSpec, ProviderKind } from "@/lib/providers/catalogue";
import { parseParams, stepParams, visibleHint, voiceParam as voiceParamOf, type PipelineStep } from "./form-values";
import { KeyCheck } from "./key-check";
import { RetirementNotice } from "./retirement-notice";
import { CheckboxField, CONTROL, SelectField } from "./select-field";

function paramSummary(p: ExtraParamSpec): string {
  const range = p.options ? p.options.join(" | ") : p.min !== undefined ? `${p.min}–${p.max}` : "";
  const parts = [p.type, range, p.default !== undefined && p.default !== "" ? `= ${JSON.stringify(p.default)}` : "", p.required ? "*" : ""];
  return `${p.name}: ${parts.filter(Boolean).join(" ")}`;
}

/**
 * One step of the voice pipeline: provider, model and voice pickers (they set the `model` and voice
 * params, kept out of the editor so nothing shows twice), the key with "Test key", and the other
 * extra params as a JSON editor.
 */
export function ProviderSection({
  kind,
  providers,
  value,
  onChange,
  stored,
  errors,
}: {
  kind: ProviderKind;
  providers: Provider[];
  value: PipelineStep;
  onChange: (next: PipelineStep) => void;
  /** The edited agent's provider and key for this step, if any. */
  stored: { agentId: string; providerId: string; hasKey: boolean; hint: string | null } | null;
  errors: Record<string, string[]>;
}) {
  const t = useTranslations("agents");
  const id = useId();
  const provider = providers.find((p) => p.id === value.providerId);
  const params = parseParams(value.extraText);
  // A stored key belongs to its provider; the server drops it when the provider changes.
  const storedKey = stored && stored.providerId === value.providerId && stored.hasKey ? stored : null;
  const voiceParam = voiceParamOf(provider);
  const paramErrors = params === null ? [t("form.invalidJson")] : (errors[`${kind}ExtraParams`] ?? []);
  // The model this step will use: the picker, else one typed into the editor, else the default.
  const typedModel = typeof params?.model === "string" ? params.model : undefined;
  const model = value.picks.model || typedModel || provider?.defaultModel || "";

  const keyHint = (hint: string | null) => (hint ? t("fields.keyStored", { hint }) : t("fields.keyStoredNoHint"));

  const pick = (name: string, v: string) => {
    const picks = { ...value.picks };
    if (v) picks[name] = v;
    else delete picks[name];
    onChange({ ...value, picks });
  };

  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-md border border-[var(--border)] p-4">
      <legend className="px-1 font-medium">{t(`kinds.${kind}`)}</legend>
      <div className="grid gap-3 md:grid-cols-3">
        <SelectField
          label={t("fields.provider")}
          value={value.providerId}
          error={errors[`${kind}ProviderId`]?.[0]}
          // Extra params are provider-specific, so a new provider starts with none.
          onChange={(e) => onChange({ providerId: e.target.value, apiKey: "", clearKey: false, picks: {}, extraText: "{}" })}
        >
          {!provider && <option value={value.providerId}>{value.providerId || "—"}</option>}
          {providers.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </SelectField>
        {provider && provider.models.length > 0 && (
          <SelectField label={t("fields.model")} value={value.picks.model ?? ""} onChange={(e) => pick("model", e.target.value)}>
            <option value="">{provider.defaultModel ? t("fields.defaultModel", { model: provider.defaultModel }) : "—"}</option>
            {provider.models
              .filter((m) => m !== provider.defaultModel)
              .map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
          </SelectField>
        )}
        {provider && voiceParam && (
          <SelectField label={t("fields.voice")} value={value.picks[voiceParam] ?? ""} onChange={(e) => pick(voiceParam, e.target.value)}>
            <option value="">{t("fields.defaultVoice")}</option>
            {provider.voices.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      <RetirementNotice model={model} retirement={provider?.retirements[model]} />

      <div className="flex flex-col gap-2">
        <TextField
          label={t("fields.apiKey", { provider: provider?.name ?? value.providerId })}
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          value={value.apiKey}
          disabled={value.clearKey}
          onChange={(e) => onChange({ ...value, apiKey: e.target.value })}
          hint={storedKey ? keyHint(visibleHint(storedKey.hint)) : t("fields.keyNone")}
          error={errors[`${kind}ApiKey`]?.[0]}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <KeyCheck key={value.providerId} kind={kind} providerId={value.providerId} apiKey={value.clearKey ? "" : value.apiKey} agentId={storedKey?.agentId} extraParams={stepParams(value)} />
          {storedKey && <CheckboxField label={t("fields.clearKey")} checked={value.clearKey} onChange={(clearKey) => onChange({ ...value, clearKey, apiKey: "" })} />}
        </div>
      </div>

      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-params`} className="text-sm font-medium">
          {t("fields.extraParams")}
        </label>
        <textarea
          id={`${id}-params`}
          rows={Math.min(10, Math.max(3, value.extraText.split("\n").length))}
          spellCheck={false}
          value={value.extraText}
          aria-invalid={paramErrors.length ? true : undefined}
          aria-describedby={`${id}-params-help`}
          onChange={(e) => onChange({ ...value, extraText: e.target.value })}
          className={cn(CONTROL, "font-mono text-xs", paramErrors.length > 0 && "border-error")}
        />
        <div id={`${id}-params-help`} className="text-xs">
          {paramErrors.length > 0 && (
            <ul role="alert" className="mb-1 text-sm text-error-text">
              {paramErrors.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          )}
          {provider && (
            <details className="text-[var(--text-muted)]">
              <summary className="cursor-pointer">{t("fields.paramsKnown", { count: provider.extraParams.length })}</summary>
              <ul className="mt-1 font-mono">
                {provider.extraParams.map((p) => (
                  <li key={p.name}>{paramSummary(p)}</li>
                ))}
              </ul>
              {provider.docsUrl && (
                <a href={provider.docsUrl} target="_blank" rel="noopener noreferrer" className="underline">
                  {t("fields.docs", { provider: provider.name })}
                </a>
              )}
            </details>
          )}
        </div>
      </div>
    </fieldset>
  );
}
