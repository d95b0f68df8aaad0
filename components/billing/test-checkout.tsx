"use client";
import { useLocale, useTranslations } from "next-intl";
import { useSWRConfig } from "swr";
import { Button, buttonClassName } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { apiFetch } from "@/lib/client/api";
import { useHydrated } from "@/lib/client/use-hydrated";
import { useSubmit } from "@/lib/client/use-submit";
import { formatUsd } from "@/lib/shell/nav";

/** The in-app test checkout (no Stripe keys): Pay credits through the same path as the webhook. */
export function TestCheckout({ id, amountUsd, status }: { id: string; amountUsd: number; status: string }) {
  const t = useTranslations("billing.checkout");
  const locale = useLocale();
  const { mutate } = useSWRConfig();
  const submit = useSubmit({ errors: "inline" });
  const busy = submit.busy;
  // Paying needs the page's script: until it runs, a click would do nothing (seen in CI on a busy machine).
  const ready = useHydrated();
  const pay = () =>
    submit.run(
      async () => {
        await apiFetch(`/api/billing/test-checkout/${id}/pay`, { method: "POST", fallback: t("failed") });
        await mutate("/api/me");
        window.location.assign("/billing?topup=success");
      },
      { leaving: true },
    );
  return (
    <div className="flex flex-col gap-4">
      <dl className="flex items-baseline justify-between border-y border-[var(--border)] py-4">
        <dt className="text-[var(--text-muted)]">{t("amount")}</dt>
        <dd className="text-2xl font-semibold tabular-nums">{formatUsd(amountUsd, locale)}</dd>
      </dl>
      {status === "completed" && <p role="status">{t("alreadyPaid")}</p>}
      {status === "expired" && <p role="status">{t("expired")}</p>}
      <FormAlert message={submit.errors.form} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {/* A plain link and a full load, as before: leaving works from the first paint, before the page's script has loaded. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a href="/billing?topup=cancelled" aria-disabled={busy || undefined} className={buttonClassName("secondary", "md", busy ? "pointer-events-none opacity-50" : undefined)}>
          {t("cancel")}
        </a>
        <Button loading={busy} disabled={status !== "pending" || !ready} onClick={pay}>
          {busy ? t("paying") : t("pay", { amount: formatUsd(amountUsd, locale) })}
        </Button>
      </div>
    </div>
  );
}
