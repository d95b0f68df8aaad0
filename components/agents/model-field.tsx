"use client";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { cn } from "@/components/ui/cn";
import type { AccountModelsState } from "./use-account-models";
import { CONTROL } from "./select-field";

/**
 * The model as a combobox: suggestions (the account's models once the key has listed them, else
 * the catalogue's) and any model id typed in. Empty means the provider's default. The hint under
 * it says where the suggestions come from.
 */
export function ModelField({
  value,
  onChange,
  suggestions,
  defaultModel,
  account,
  providerName,
  required,
  error,
  onBlur,
}: {
  value: string;
  onChange: (value: string) => void;
  suggestions: string[];
  defaultModel: string | null;
  account: AccountModelsState;
  providerName: string;
  required?: boolean;
  error?: string;
  onBlur?: () => void;
}) {
  const t = useTranslations("agents.models");
  const id = useId();
  const fromAccount = account.status === "loaded" && account.models.source === "account";
  const hint =
    account.status === "loading"
      ? t("loading", { provider: providerName })
      : fromAccount
        ? t("fromAccount", { count: suggestions.length, provider: providerName })
        : account.status === "loaded" && account.problem
          ? t("fallback", { provider: providerName })
          : account.status === "failed"
            ? t("fallback", { provider: providerName })
            : suggestions.length > 0
              ? t("catalogue")
              : t("none");
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {t("label")}
        {required && (
          <span aria-hidden="true" className="text-error-text">
            {" "}*
          </span>
        )}
      </label>
      <input
        id={id}
        list={`${id}-list`}
        value={value}
        required={required}
        autoComplete="off"
        spellCheck={false}
        placeholder={defaultModel ? t("placeholder", { model: defaultModel }) : t("placeholderNone")}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        aria-busy={account.status === "loading" || undefined}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        className={cn(CONTROL, error && "border-error")}
      />
      <datalist id={`${id}-list`}>
        {suggestions.map((m) => (
          <option key={m} value={m}>
            {m === defaultModel ? t("default") : undefined}
          </option>
        ))}
      </datalist>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-error-text">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} role="status" className="text-xs text-[var(--text-muted)]">
          {hint}
        </p>
      )}
    </div>
  );
}
