"use client";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import useSWR, { useSWRConfig } from "swr";
import { LazyConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { Section } from "@/components/ui/section";
import { apiFetch } from "@/lib/client/api";
import { messageOf } from "@/lib/client/form-errors";
import { notifications } from "@/lib/client/notifications";
import { useSubmit } from "@/lib/client/use-submit";
import { formatUsd } from "@/lib/shell/nav";
import { AutoRefillForm, type AutoRefillSettings } from "./auto-refill-form";

/** Auto-refill: its state and last failure, the amount and threshold to save, and turning it off (asked first). */
export function AutoRefillCard() {
  const t = useTranslations("billing");
  const locale = useLocale();
  const { mutate } = useSWRConfig();
  const settings = useSWR<AutoRefillSettings>("/api/billing/auto-refill");
  const submit = useSubmit({ errors: "inline" });
  const [confirmOff, setConfirmOff] = useState(false);
  const [asked, setAsked] = useState(false);

  /** The server's settings as saved, and the balance they may have changed. */
  const show = async (next: AutoRefillSettings) => {
    await settings.mutate(next, { revalidate: false });
    await mutate("/api/me");
  };

  const save = (amount: number, threshold: number) =>
    submit.run(
      async () => {
        await show(await apiFetch<AutoRefillSettings>("/api/billing/auto-refill", { method: "POST", body: JSON.stringify({ amount, threshold }), fallback: t("errors.enable") }));
        notifications.add({ type: "success", message: t("autoRefillSaved") });
      },
      { key: "enable" },
    );

  // The dialog closes either way: a failure shows beside the form.
  const disable = () =>
    submit.run(
      async () => {
        await show(await apiFetch<AutoRefillSettings>("/api/billing/auto-refill/disable", { method: "POST", fallback: t("errors.disable") }));
        setConfirmOff(false);
        notifications.add({ type: "info", message: t("autoRefillDisabled") });
      },
      { key: "disable", failure: (err) => (setConfirmOff(false), messageOf(err)) },
    );

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
        <AutoRefillForm
          saved={s}
          submit={submit}
          onSave={(amount, threshold) => void save(amount, threshold)}
          onTurnOff={() => {
            setAsked(true);
            setConfirmOff(true);
          }}
        />
      )}
      {asked && (
        <LazyConfirmDialog
          open={confirmOff}
          onOpenChange={(open) => !submit.running("disable") && setConfirmOff(open)}
          title={t("disableConfirmTitle")}
          description={t("disableConfirmText")}
          confirmLabel={t("disable")}
          cancelLabel={t("keepOn")}
          onConfirm={() => void disable()}
          busy={submit.running("disable")}
        />
      )}
    </Section>
  );
}
