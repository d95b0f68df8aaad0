"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { TextField } from "@/components/ui/field";
import type { Provider } from "@/lib/client/use-providers";
import type { ProviderKind } from "@/lib/providers/catalogue";
import { paramProblems, type ParamProblem } from "@/lib/providers/param-problems";
import { fieldParams, parseParams, stepParams, voiceParam as voiceParamOf, type PipelineStep } from "./form-values";
import { ExtraParamsEditor } from "./extra-params-editor";
import { ModelField } from "./model-field";
import { RetirementNotice } from "./retirement-notice";
import { ProviderKey } from "./provider-key";
import { SelectField } from "./select-field";
import { useAccountModels } from "./use-account-models";
import { useParamProblemText } from "./use-param-problem-text";

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
  stored: { agentId: string; providerId: string; hasKey: boolean; hint: string | null; untested: boolean } | null;
  errors: Record<string, string[]>;
  /** The agent's language: the voice sample speaks it. */
  language?: string;
}) {
  const t = useTranslations("agents");
  const problemText = useParamProblemText();
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
    // Under its own field, named by the field's label ("Model is required."), not `"model"`.
    return problemText(found, t(name === "model" ? "models.label" : name === "baseUrl" ? "fields.baseUrl" : "fields.voice"));
  };
  const editorProblems = params === null ? [t("form.invalidJson")] : live.filter((p) => p.param === null || !own.includes(p.param)).map((p) => problemText(p));
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
        {provider && voiceParam && voices.length === 0 && (
          // A server of the user's own: its voice by name (Cohost cannot list its voices).
          <TextField
            label={t("fields.voice")}
            spellCheck={false}
            autoComplete="off"
            placeholder={String(spec(voiceParam)?.default ?? "")}
            value={voiceValue}
            onChange={(e) => pick(voiceParam, e.target.value.trim() ? e.target.value : "")}
            hint={t("fields.voiceByName", { voice: String(spec(voiceParam)?.default ?? "") })}
            error={ownError(voiceParam)}
          />
        )}
        {provider && voiceParam && voices.length > 0 && (
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

      <ProviderKey
        kind={kind}
        provider={provider}
        providerName={providerName}
        value={value}
        onChange={onChange}
        storedKey={storedKey}
        sent={sent}
        language={language}
        needsBaseUrl={needsBaseUrl}
        account={account}
        error={errors[`${kind}ApiKey`]?.[0]}
      />
      <ExtraParamsEditor text={value.extraText} onChange={(extraText) => onChange({ ...value, extraText })} problems={paramErrors} provider={provider} />
    </fieldset>
  );
}
