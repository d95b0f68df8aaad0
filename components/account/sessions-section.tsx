"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { LazyConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { Section } from "@/components/ui/section";
import { apiFetch } from "@/lib/client/api";
import { notifications } from "@/lib/client/notifications";
import { useSubmit } from "@/lib/client/use-submit";
import { DeviceList } from "./device-list";

/** The signed-in devices, each with its own sign-out, and "Sign out everywhere else", asked first: this session stays, API keys keep working. */
export function SessionsSection() {
  const t = useTranslations("account");
  const [confirming, setConfirming] = useState(false);
  // Read the list again after "sign out others".
  const [round, setRound] = useState(0);
  const signOut = useSubmit();

  const signOutOthers = () =>
    signOut.run(async () => {
      await apiFetch("/api/account/sign-out-others", { method: "POST" });
      notifications.add({ type: "success", message: t("sessions.done") });
      setConfirming(false);
      setRound((n) => n + 1);
    });

  return (
    <Section title={t("sessions.title")} loading={false}>
      <p className="text-sm">{t("sessions.text")}</p>
      <DeviceList refreshKey={round} />
      <p className="mt-2 text-sm text-[var(--text-muted)]">{t("sessions.apiKeys")}</p>
      <Button variant="secondary" className="mt-4" onClick={() => setConfirming(true)}>
        {t("sessions.button")}
      </Button>
      {confirming && (
        <LazyConfirmDialog
          open={confirming}
          onOpenChange={(next) => !signOut.busy && setConfirming(next)}
          title={t("sessions.confirmTitle")}
          description={t("sessions.confirmText")}
          confirmLabel={t("sessions.confirm")}
          cancelLabel={t("signIn.cancel")}
          onConfirm={() => void signOutOthers()}
          busy={signOut.busy}
        />
      )}
    </Section>
  );
}
