"use client";
import dynamic from "next/dynamic";
import { useLocale, useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { Avatar } from "@/components/shell/avatar";
import { useShellActions } from "@/components/shell/shell-actions";
import { displayName, useProfile } from "@/components/shell/use-profile";
import { Button } from "@/components/ui/button";
import { Section } from "@/components/ui/section";
import { LazyConfirmDialog } from "@/components/ui/lazy-confirm-dialog";
import { apiFetch } from "@/lib/client/api";
import { notifications } from "@/lib/client/notifications";
import { formatUsd } from "@/lib/shell/nav";
import { ChangeEmailForm } from "./change-email-form";
import { ChangePasswordForm } from "./change-password-form";
import { useAccount } from "./use-account";

// Dialogs load when first asked for.
const DeleteAccountDialog = dynamic(() => import("./delete-account-dialog").then((m) => m.DeleteAccountDialog), { ssr: false });

const ROW = "flex flex-wrap items-start justify-between gap-x-6 gap-y-2 py-4 first:pt-0 last:pb-0";
const LINK_BUTTON = "inline-flex h-10 items-center justify-center rounded-md border border-[var(--border)] bg-[var(--surface)] px-4 text-sm font-medium hover:bg-hover-light dark:hover:bg-white/5";

/** Account settings: sign-in (e-mail, password), sessions, data export, deleting the account. */
export function AccountPage() {
  const t = useTranslations("account");
  const locale = useLocale();
  const account = useAccount();
  const profile = useProfile();
  const { openProfile } = useShellActions();
  const [editing, setEditing] = useState<"email" | "password" | null>(null);
  const [confirmSignOut, setConfirmSignOut] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [setPasswordSent, setSetPasswordSent] = useState(false);
  const changeEmailButton = useRef<HTMLButtonElement>(null);
  const changePasswordButton = useRef<HTMLButtonElement>(null);
  const a = account.data;
  const name = displayName(profile.data);

  // Closing a form puts focus back on the button that opened it.
  const closeForm = (which: "email" | "password") => {
    setEditing(null);
    requestAnimationFrame(() => (which === "email" ? changeEmailButton : changePasswordButton).current?.focus());
  };

  const signOutOthers = async () => {
    setSigningOut(true);
    try {
      await apiFetch("/api/account/sign-out-others", { method: "POST" });
      notifications.add({ type: "success", message: t("sessions.done") });
      setConfirmSignOut(false);
    } catch (err) {
      notifications.add({ type: "error", message: (err as Error).message });
    } finally {
      setSigningOut(false);
    }
  };

  const sendSetPasswordLink = async () => {
    if (!a) return;
    await apiFetch("/api/account/forgot-password", { method: "POST", body: JSON.stringify({ email: a.email }) })
      .then(() => setSetPasswordSent(true))
      .catch((err: Error) => notifications.add({ type: "error", message: err.message }));
  };

  const loading = !a && !account.error;
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <p className="text-[var(--text-muted)]">{t("intro")}</p>

      <Section title={t("profile.title")} loading={!profile.data && !profile.error} error={profile.error?.message} onRetry={() => void profile.mutate()}>
        <div className="flex flex-wrap items-center gap-4">
          <Avatar name={name} photoURL={profile.data?.photoURL} size={48} />
          <div className="min-w-0 flex-1">
            <p className="font-medium">{name}</p>
            <p className="break-all text-sm text-[var(--text-muted)]">{profile.data?.email}</p>
          </div>
          <Button variant="secondary" onClick={openProfile}>
            {t("profile.edit")}
          </Button>
        </div>
      </Section>

      <Section title={t("signIn.title")} loading={loading} error={account.error?.message} onRetry={() => void account.mutate()}>
        {a && (
          <div className="divide-y divide-[var(--border)]">
            <div className={ROW}>
              <div className="min-w-0">
                <p className="text-sm font-medium">{t("signIn.email")}</p>
                <p className="break-all text-sm text-[var(--text-muted)]" data-testid="account-email">
                  {a.email}
                </p>
                {a.pendingEmail && (
                  <p className="mt-1 text-sm text-warning-text" role="status">
                    {t("signIn.pending", { email: a.pendingEmail })}
                  </p>
                )}
              </div>
              {editing !== "email" && a.hasPassword && (
                <Button ref={changeEmailButton} variant="secondary" onClick={() => setEditing("email")}>
                  {t("signIn.changeEmail")}
                </Button>
              )}
              {editing === "email" && (
                <div className="w-full">
                  <ChangeEmailForm onDone={() => closeForm("email")} />
                </div>
              )}
            </div>
            <div className={ROW}>
              <div className="min-w-0">
                <p className="text-sm font-medium">{t("signIn.password")}</p>
                <p className="text-sm text-[var(--text-muted)]">{a.hasPassword ? "••••••••" : t("signIn.noPassword")}</p>
                {a.google && <p className="text-sm text-[var(--text-muted)]">{t("signIn.google")}</p>}
              </div>
              {a.hasPassword && editing !== "password" && (
                <Button ref={changePasswordButton} variant="secondary" onClick={() => setEditing("password")}>
                  {t("signIn.changePassword")}
                </Button>
              )}
              {!a.hasPassword &&
                (setPasswordSent ? (
                  <p role="status" className="text-sm">
                    {t("passwordForm.resetSent", { email: a.email })}
                  </p>
                ) : (
                  <Button variant="secondary" onClick={() => void sendSetPasswordLink()}>
                    {t("signIn.setPassword")}
                  </Button>
                ))}
              {editing === "password" && (
                <div className="w-full">
                  <ChangePasswordForm email={a.email} name={name} onDone={() => closeForm("password")} />
                </div>
              )}
            </div>
          </div>
        )}
      </Section>

      <Section title={t("sessions.title")} loading={false}>
        <p className="text-sm">{t("sessions.text")}</p>
        <p className="mt-2 text-sm text-[var(--text-muted)]">{t("sessions.apiKeys")}</p>
        <Button variant="secondary" className="mt-4" onClick={() => setConfirmSignOut(true)}>
          {t("sessions.button")}
        </Button>
        {confirmSignOut && (
          <LazyConfirmDialog
            open={confirmSignOut}
            onOpenChange={(next) => !signingOut && setConfirmSignOut(next)}
            title={t("sessions.confirmTitle")}
            description={t("sessions.confirmText")}
            confirmLabel={t("sessions.confirm")}
            cancelLabel={t("signIn.cancel")}
            onConfirm={() => void signOutOthers()}
            busy={signingOut}
          />
        )}
      </Section>

      <Section title={t("data.title")} loading={false}>
        <p className="text-sm">{t("data.text")}</p>
        {/* A plain download: the browser saves the file the API names. */}
        <a href="/api/account/export" download className={`${LINK_BUTTON} mt-4`}>
          {t("data.button")}
        </a>
      </Section>

      <Section title={t("delete.title")} tone="danger" loading={loading} error={account.error?.message}>
        {a && (
          <>
            <p className="text-sm">{t("delete.text")}</p>
            <ul className="mt-2 list-disc space-y-1 pl-6 text-sm">
              <li>{t("delete.items.agents")}</li>
              <li>{t("delete.items.meetings")}</li>
              <li>{t("delete.items.balance", { balance: formatUsd(profile.data?.creditBalanceUsd ?? 0, locale) })}</li>
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
        )}
      </Section>
    </div>
  );
}
