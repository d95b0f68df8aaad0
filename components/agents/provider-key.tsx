"use client";
import { useTranslations } from "next-intl";
import { TextField } from "@/components/ui/field";
import type { Provider } from "@/lib/client/use-providers";
import type { ProviderKind } from "@/lib/providers/catalogue";
import { visibleHint, type PipelineStep } from "./form-values";
import { KeyCheck } from "./key-check";
import { rememberProof } from "./key-proofs";
import { CheckboxField } from "./select-field";
import type { useAccountModels } from "./use-account-models";
import { VoicePreview } from "./voice-preview";

/**
 * The step's API key (or the stored one it replaces or clears), "Test key" — a key that works lists
 * the account's models for the pickers — and for text-to-speech "Play a sample".
 */
export function ProviderKey({
  kind,
  provider,
  providerName,
  value,
  onChange,
  storedKey,
  sent,
  language,
  needsBaseUrl,
  account,
  error,
}: {
  kind: ProviderKind;
  provider: Provider | undefined;
  providerName: string;
  value: PipelineStep;
  onChange: (next: PipelineStep) => void;
  /** `untested`: no Test key has passed it since it was saved. */
  storedKey: { agentId: string; hint: string | null; untested: boolean } | null;
  sent: Record<string, unknown> | null;
  language: string;
  needsBaseUrl: boolean;
  account: ReturnType<typeof useAccountModels>;
  error: string | undefined;
}) {
  const t = useTranslations("agents");
  const typedKey = value.apiKey.trim();
  const keyHint = storedKey
    ? typedKey
      ? t("fields.keyReplaces")
      : `${visibleHint(storedKey.hint) ? t("fields.keyStored", { hint: visibleHint(storedKey.hint)! }) : t("fields.keyStoredNoHint")}${storedKey.untested ? ` ${t("fields.keyUntested")}` : ""}`
    : typedKey
      ? t("fields.keyNew")
      : provider?.keyOptional
        ? t("fields.keyOptional")
        : t("fields.keyNone", { provider: providerName });
  return (
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
        error={error}
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
          // A typed key that works is proven for the save (it counts as tested once saved).
          onChecked={(result, key) => {
            if (result.status !== "valid") return;
            if ("apiKey" in key && "proof" in result) rememberProof(kind, value.providerId, key.apiKey, result.proof);
            void account.load(key);
          }}
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
  );
}
