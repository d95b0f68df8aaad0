"use client";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState, type FormEvent } from "react";
import useSWR, { useSWRConfig } from "swr";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { parseUsdInRange, THRESHOLD_MIN_USD, TOPUP_MAX_USD, TOPUP_MIN_USD } from "@/lib/billing/amount";
import { apiFetch } from "@/lib/client/api";
import { notifications } from "@/lib/client/notifications";
import { formatUsd } from "@/lib/shell/nav";
import { useAmountProblem } from "./amount-problem";
import { Section } from "@/components/ui/section";
import { LazyConfirmDialog } from "@/components/ui/lazy-confirm-dialog";

interface Settings {
  enabled: boolean;
  amount: number;
  threshold: number;
  hasCard: boolean;
  failures: number;
  lastError: string | null;
}

const DEFAULTS = { amount: 25, threshold: 5 };
const typed = (usd: number) => String(usd);

export function AutoRefillCard() {
  const t = useTranslations("billing");
  const locale = useLocale();
  const problemText = useAmountProblem();
  const { mutate } = useSWRConfig();
  const settings = useSWR<Settings>("/api/billing/auto-refill");
  const [amount, setAmount] = useState(typed(DEFAULTS.amount));
  const [threshold, setThreshold] = useState(typed(DEFAULTS.threshold));
  const [busy, setBusy] = useState<"enable" | "disable" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmOff, setConfirmOff] = useState(false);
  const [asked, setAsked] = useState(false);

  // The saved values, also after turning it off (they are kept for turning it on again).
  const saved = settings.data;
  useEffect(() => {
    if (saved && saved.amount > 0) {
      setAmount(typed(saved.amount));
      setThreshold(typed(saved.threshold));
    }
  }, [saved]);

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

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid || amountCents === null || thresholdCents === null) return;
    setBusy("enable");
    setError(null);
    try {
      const next = await apiFetch<Settings>("/api/billing/auto-refill", {
        method: "POST",
        body: JSON.stringify({ amount: amountCents / 100, threshold: thresholdCents / 100 }),
        fallback: t("errors.enable"),
      });
      await settings.mutate(next, { revalidate: false });
      await mutate("/api/me");
      notifications.add({ type: "success", message: t("autoRefillSaved") });
    } catch (err) {
      setError(err instanceof Error ? err.message : t("errors.enable"));
    } finally {
      setBusy(null);
    }
  };

  const disable = async () => {
    setBusy("disable");
    setError(null);
    try {
      const next = await apiFetch<Settings>("/api/billing/auto-refill/disable", { method: "POST", fallback: t("errors.disable") });
      await settings.mutate(next, { revalidate: false });
      await mutate("/api/me");
      setConfirmOff(false);
      notifications.add({ type: "info", message: t("autoRefillDisabled") });
    } catch (err) {
      setConfirmOff(false);
      setError(err instanceof Error ? err.message : t("errors.disable"));
    } finally {
      setBusy(null);
    }
  };

  const s = settings.data;
  return (
    <Section title={t("autoRefillTitle")} loading={settings.isLoading} error={settings.error?.message} onRetry={() => settings.mutate()}>
      <p className="mb-3 text-sm text-[var(--text-muted)]">{t("autoRefillHint")}</p>
      {s?.lastError && (
        <p role="alert" className="mb-3 rounded-md bg-warning-bg px-3 py-2 text-sm text-[#5c4400]">
          {s.lastError}
        </p>
      )}
      <p role="status" className="mb-4 text-sm font-medium" data-testid="auto-refill-status">
        {s?.enabled ? t("autoRefillOn", { amount: formatUsd(s.amount, locale), threshold: formatUsd(s.threshold, locale) }) : t("autoRefillOff")}
      </p>
      {!s?.hasCard ? (
        <p className="text-sm">{t("noCard")}</p>
      ) : (
        <form noValidate onSubmit={save} className="flex flex-col gap-3">
          {/* Subgrid rows keep both boxes level even when one label wraps (long German labels). */}
          <div className="grid gap-x-3 gap-y-1 sm:grid-cols-2">
            <TextField
              className="sm:row-span-3 sm:grid sm:grid-rows-subgrid"
              label={t("autoRefillAmount")}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              hint={t("autoRefillAmountHint")}
              error={amountError}
              onChange={(e) => setAmount(e.target.value)}
            />
            <TextField
              className="sm:row-span-3 sm:grid sm:grid-rows-subgrid"
              label={t("autoRefillThreshold")}
              inputMode="decimal"
              autoComplete="off"
              value={threshold}
              hint={t("autoRefillThresholdHint", { min: formatUsd(THRESHOLD_MIN_USD, locale) })}
              error={thresholdError}
              onChange={(e) => setThreshold(e.target.value)}
            />
          </div>
          {error && (
            <p role="alert" className="text-sm text-error-text">
              {error}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            {s.enabled && (
              <Button
                variant="secondary"
                disabled={busy !== null}
                onClick={() => {
                  setAsked(true);
                  setConfirmOff(true);
                }}
              >
                {t("disable")}
              </Button>
            )}
            <Button type="submit" loading={busy === "enable"} disabled={busy !== null || !valid}>
              {s.enabled ? t("update") : t("enable")}
            </Button>
          </div>
        </form>
      )}
      {asked && (
        <LazyConfirmDialog
          open={confirmOff}
          onOpenChange={(open) => busy !== "disable" && setConfirmOff(open)}
          title={t("disableConfirmTitle")}
          description={t("disableConfirmText")}
          confirmLabel={t("disable")}
          cancelLabel={t("keepOn")}
          onConfirm={() => void disable()}
          busy={busy === "disable"}
        />
      )}
    </Section>
  );
}
