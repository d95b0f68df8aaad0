"use client";
import { useLocale, useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { parseUsdInRange, THRESHOLD_MIN_USD, TOPUP_MAX_USD, TOPUP_MIN_USD } from "@/lib/billing/amount";
import type { Submit } from "@/lib/client/use-submit";
import { formatUsd } from "@/lib/shell/nav";
import { useAmountProblem } from "./amount-problem";
import { UsdField } from "./usd-field";

export interface AutoRefillSettings {
  enabled: boolean;
  amount: number;
  threshold: number;
  hasCard: boolean;
  failures: number;
  lastError: string | null;
}

const DEFAULTS = { amount: 25, threshold: 5 };
const SUBGRID = "sm:row-span-3 sm:grid sm:grid-rows-subgrid";
const typed = (usd: number) => String(usd);

/**
 * The amount and threshold as typed, set to the saved values whenever the server's settings change
 * (also after turning it off: they are kept for turning it on again). Adjusted while rendering, so
 * the form keeps its DOM and focus.
 */
function useTypedValues(saved: AutoRefillSettings) {
  const initial = saved.amount > 0 ? saved : DEFAULTS;
  const [amount, setAmount] = useState(typed(initial.amount));
  const [threshold, setThreshold] = useState(typed(initial.threshold));
  const [shown, setShown] = useState(saved);
  if (saved !== shown) {
    setShown(saved);
    if (saved.amount > 0) {
      setAmount(typed(saved.amount));
      setThreshold(typed(saved.threshold));
    }
  }
  return { amount, setAmount, threshold, setThreshold };
}

/** The refill amount and threshold, checked as typed, with Save (or Enable) and Turn off. */
export function AutoRefillForm({
  saved,
  submit,
  onSave,
  onTurnOff,
}: {
  saved: AutoRefillSettings;
  submit: Submit;
  onSave: (amountUsd: number, thresholdUsd: number) => void;
  onTurnOff: () => void;
}) {
  const t = useTranslations("billing");
  const locale = useLocale();
  const problemText = useAmountProblem();
  const { amount, setAmount, threshold, setThreshold } = useTypedValues(saved);

  const amountParsed = parseUsdInRange(amount, locale, TOPUP_MIN_USD, TOPUP_MAX_USD);
  const thresholdParsed = parseUsdInRange(threshold, locale, THRESHOLD_MIN_USD, TOPUP_MAX_USD);
  const amountCents = amountParsed && "cents" in amountParsed ? amountParsed.cents : null;
  const thresholdCents = thresholdParsed && "cents" in thresholdParsed ? thresholdParsed.cents : null;
  const amountError =
    amountParsed && "problem" in amountParsed
      ? problemText(amountParsed.problem, TOPUP_MIN_USD, TOPUP_MAX_USD)
      : amountCents !== null && thresholdCents !== null && amountCents <= thresholdCents
        ? t("autoRefillAmountTooLow")
        : null;
  const thresholdError = thresholdParsed && "problem" in thresholdParsed ? problemText(thresholdParsed.problem, THRESHOLD_MIN_USD, TOPUP_MAX_USD) : null;
  const valid = amountCents !== null && thresholdCents !== null && !amountError && !thresholdError;

  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!valid || amountCents === null || thresholdCents === null) return;
    onSave(amountCents / 100, thresholdCents / 100);
  };

  return (
    <form noValidate onSubmit={save} className="flex flex-col gap-3">
      {/* Subgrid rows keep both boxes level even when one label wraps (long German labels). */}
      <div className="grid gap-x-3 gap-y-1 sm:grid-cols-2">
        <UsdField className={SUBGRID} label={t("autoRefillAmount")} value={amount} hint={t("autoRefillAmountHint")} error={amountError} onChange={setAmount} />
        <UsdField
          className={SUBGRID}
          label={t("autoRefillThreshold")}
          value={threshold}
          hint={t("autoRefillThresholdHint", { min: formatUsd(THRESHOLD_MIN_USD, locale) })}
          error={thresholdError}
          onChange={setThreshold}
        />
      </div>
      <FormAlert message={submit.errors.form} />
      <div className="flex flex-wrap justify-end gap-2">
        {saved.enabled && (
          <Button variant="secondary" disabled={submit.busy} onClick={onTurnOff}>
            {t("disable")}
          </Button>
        )}
        <Button type="submit" loading={submit.running("enable")} disabled={submit.busy || !valid}>
          {saved.enabled ? t("update") : t("enable")}
        </Button>
      </div>
    </form>
  );
}
