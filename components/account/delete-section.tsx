"use client";
import dynamic from "next/dynamic";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { formatUsd } from "@/lib/shell/nav";
import type { AccountSettings } from "./use-account";

// The dialog loads when first asked for.
const DeleteAccountDialog = dynamic(() => import("./delete-account-dialog").then((m) => m.DeleteAccountDialog), { ssr: false });

/** What deleting the account takes with it, and the button that asks for the typed confirmation. */
export function DeleteSection({ account: a, balanceUsd }: { account: AccountSettings; balanceUsd: number }) {
  const t = useTranslations("account");
  const locale = useLocale();
  const [deleting, setDeleting] = useState(false);
  return (
    <>
      <p className="text-sm">{t("delete.text")}</p>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-sm">
        <li>{t("delete.items.agents")}</li>
        <li>{t("delete.items.meetings")}</li>
        <li>{t("delete.items.balance", { balance: formatUsd(balanceUsd, locale) })}</li>
        <li>{t("delete.items.card")}</li>
      </ul>
      <p className="mt-3 text-sm text-[var(--text-muted)]">{t("delete.exportFirst")}</p>
      {a.liveMeetings > 0 && (
        <p role="status" className="mt-3 rounded-md bg-warning-bg px-3 py-2 text-sm text-black">
          {t("delete.live")}
        </p>
      )}
      <Button variant="danger" className="mt-4" onClick={() => setDeleting(true)}>
        {t("delete.button")}
      </Button>
      {deleting && <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} email={a.email} hasPassword={a.hasPassword} />}
    </>
  );
}
