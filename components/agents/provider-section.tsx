"use client";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { cn } from "@/components/ui/cn";
import { TextField } from "@/components/ui/field";
import type { Provider } from "@/lib/client/use-providers";
import type { ExtraParamSpec, ProviderKind } from "@/lib/providers/catalogue";
import { paramProblems, type ParamProblem } from "@/lib/providers/param-problems";
import { fieldParams, parseParams, stepParams, visibleHint, voiceParam as voiceParamOf, type PipelineStep } from "./form-values";
import { KeyCheck } from "./key-check";
import { ModelField } from "./model-field";
import { RetirementNotice } from "./retirement-notice";
import { CheckboxField, CONTROL, SelectField } from "./select-field";
import { useAccountModels } from "./use-account-models";
import { useParamProblemText } from "./use-param-problem-text";
import { VoicePreview } from "./voice-preview";

function paramSummary(p: ExtraParamSpec): string {
  const range = p.options ? p.options.join(" | ") : p.min !== undefined ? `${p.min}–${p.max}` : "";
  const parts = [p.type, range, p.default !== undefined && p.default !== "" ? `= ${JSON.stringify(p.default)}` : "", p.required ? "*" : ""];
  return `${p.name}: ${parts.filter(Boolean).join(" ")}`;
}

/**
 * One step of the voice pipeline: provider, model (a combobox: the account's models once the key
 * has listed them, else the catalogue's, or any id), base URL for a server of the user's own, voice,
 * the key with "Test key", and the other extra params as JSON checked as the user types.
 */
export function ProviderSection({
  kind,
  providers,
  value,
  onChange,
  stored,
  errors,
  language = "en",
}: {
  kind: ProviderKind;
  providers: Provider[];
  value: PipelineStep;
  onChange: (next: PipelineStep) => void;
  /** The edited agent's provider and key for this step, if any. */
  stored: { agentId: string; providerId: string; hasKey: boolean; hint: string | null } | null;
  errors: Record<string, string[]>;
  /** The agent's language: the voice sample speaks it. */
  language?: string;
}) {
  const t = useTranslations("agents");
  const problemText = useParamProblemText();
  const id = useId();
  const provider = providers.find((p) => p.id === value.providerId);
  const providerName = provider?.name ?? value.providerId;
  const params = parseParams(value.extraText);
  const sent = stepParams(value);
  // A stored key belongs to its provider: the server drops it when the provider changes.
  const storedKey = stored && stored.providerId === value.providerId && stored.hasKey ? stored : null;
  const account = useAccountModels(kind, value.providerId, storedKey, sent);
  const voiceParam = voiceParamOf(provider);
  const own = fieldParams(provider);
  const spec = (name: string) => provider?.extraParams.find((p) => p.name === name);
  const [touched, setTouched] = useState<Record<string, boolean>>({});

  // Problems as the user types, in their language; the server checks everything again on save.
  const live: ParamProblem[] = provider && sent ? paramProblems(provider.extraParams, sent) : [];
  const fieldProblem = (name: string) => {
    const found = live.find((p) => p.param === name);
    // "Required" waits until the user has been in the field (or filled the base URL before it).
    if (!found || (found.code === "required" && !touched[name] && !(name === "model" && value.picks.baseUrl))) return undefined;
    return problemText(found);
  };
  const editorProblems = params === null ? [t("form.invalidJson")] : live.filter((p) => p.param === null || !own.includes(p.param)).map(problemText);
  const paramErrors = editorProblems.length > 0 ? editorProblems : (errors[`${kind}ExtraParams`] ?? []);
  const ownError = (name: string) => fieldProblem(name) ?? errors[`${kind}ExtraParams.${name}`]?.[0];

  // The model this step will use: the field, else the default.
  const model = value.picks.model || provider?.defaultModel || "";
  const suggestions = account.models ?? provider?.models ?? [];
  const voices = account.voices ?? provider?.voices ?? [];
  const voiceValue = voiceParam ? (value.picks[voiceParam] ?? "") : "";
  const needsBaseUrl = Boolean(spec("baseUrl")?.required) && !value.picks.baseUrl?.trim();

  const pick = (name: string, v: string) => {
    const picks = { ...value.picks };
    if (v) picks[name] = v;
    else delete picks[name];
    onChange({ ...value, picks });
  };
  const touch = (name: string) => setTouched((x) => ({ ...x, [name]: true }));

  const typedKey = value.apiKey.trim();
  const keyHint = storedKey
    ? typedKey
      ? t("fields.keyReplaces")
      : visibleHint(storedKey.hint)
        ? t("fields.keyStored", { hint: visibleHint(storedKey.hint)! })
        : t("fields.keyStoredNoHint")
    : typedKey
      ? t("fields.keyNew")
      : provider?.keyOptional
        ? t("fields.keyOptional")
        : t("fields.keyNone", { provider: providerName });

  return (
    <fieldset className="flex min-w-0 flex-col gap-4 rounded-md border border-[var(--border)] p-4">
      <legend className="px-1 font-medium">{t(`kinds.${kind}`)}</legend>
      <div className="grid gap-3 md:grid-cols-3">
        <SelectField
          label={t("fields.provider")}
          value={value.providerId}
          error={errors[`${kind}ProviderId`]?.[0]}
          // Extra params are provider-specific, so a new provider starts with none.
          onChange={(e) => {
            setTouched({});
            onChange({ providerId: e.target.value, apiKey: "", clearKey: false, picks: {}, extraText: "{}" });
          }}
        >
          {!provider && <option value={value.providerId}>{value.providerId || "—"}</option>}
          {providers.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </SelectField>
        {provider && (
          <ModelField
            value={value.picks.model ?? ""}
            onChange={(v) => pick("model", v.trim() ? v : "")}
            onBlur={() => touch("model")}
            suggestions={suggestions}
            defaultModel={provider.defaultModel}
            account={account.state}
            providerName={providerName}
            required={Boolean(spec("model")?.required)}
            error={ownError("model")}
          />
        )}
        {provider && voiceParam && (
          <SelectField label={t("fields.voice")} value={voiceValue} error={ownError(voiceParam)} onChange={(e) => pick(voiceParam, e.target.value)}>
            <option value="">{t("fields.defaultVoice")}</option>
            {voices.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
              </option>
            ))}
            {voiceValue && !voices.some((v) => v.id === voiceValue) && <option value={voiceValue}>{t("fields.customVoice", { id: voiceValue })}</option>}
          </SelectField>
        )}
      </div>
      {provider && spec("baseUrl") && (
        <TextField
          label={t("fields.baseUrl")}
          type="url"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          placeholder="https://llm.example.com/v1"
          required={Boolean(spec("baseUrl")?.required)}
          value={value.picks.baseUrl ?? ""}
          onChange={(e) => pick("baseUrl", e.target.value.trim() ? e.target.value : "")}
          onBlur={() => touch("baseUrl")}
          hint={t("fields.baseUrlHint")}
          error={ownError("baseUrl")}
        />
      )}
      <RetirementNotice model={model} retirement={provider?.retirements[model]} />

      <div className="flex flex-col gap-2">
        <TextField
          label={t("fields.apiKey", { provider: providerName })}
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          value={value.apiKey}
          disabled={value.clearKey}
          onChange={(e) => onChange({ ...value, apiKey: e.target.value })}
          hint={keyHint}
          error={errors[`${kind}ApiKey`]?.[0]}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <KeyCheck
            key={value.providerId}
            kind={kind}
            providerId={value.providerId}
            providerName={providerName}
            apiKey={value.clearKey ? "" : value.apiKey}
            agentId={storedKey?.agentId}
            extraParams={sent}
            missingBaseUrl={needsBaseUrl}
            keyOptional={provider?.keyOptional}
            // A key that works lists the account's models for the pickers.
            onChecked={(result, key) => result.status === "valid" && void account.load(key)}
          />
          {storedKey && <CheckboxField label={t("fields.clearKey")} checked={value.clearKey} onChange={(clearKey) => onChange({ ...value, clearKey, apiKey: "" })} />}
        </div>
        {kind === "tts" && provider && (
          <VoicePreview
            key={value.providerId}
            providerId={value.providerId}
            apiKey={value.clearKey ? "" : value.apiKey}
            agentId={storedKey?.agentId}
            keyOptional={provider.keyOptional}
            extraParams={sent}
            language={language}
            missingBaseUrl={needsBaseUrl}
          />
        )}
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
