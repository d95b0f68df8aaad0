"use client";
import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { apiFetch } from "@/lib/client/api";
import { useSubmit } from "@/lib/client/use-submit";
import { ChangeEmailForm } from "./change-email-form";
import { ChangePasswordForm } from "./change-password-form";
import type { AccountSettings } from "./use-account";

const ROW = "flex flex-wrap items-start justify-between gap-x-6 gap-y-2 py-4 first:pt-0 last:pb-0";

/** How the user signs in: the e-mail address and the password, each with its change form. */
export function SignInSection({ account: a, name }: { account: AccountSettings; name: string }) {
  const t = useTranslations("account");
  const [editing, setEditing] = useState<"email" | "password" | null>(null);
  const [setPasswordSent, setSetPasswordSent] = useState(false);
  const setPassword = useSubmit();
  const changeEmailButton = useRef<HTMLButtonElement>(null);
  const changePasswordButton = useRef<HTMLButtonElement>(null);

  // Closing a form puts focus back on the button that opened it.
  const closeForm = (which: "email" | "password") => {
    setEditing(null);
    requestAnimationFrame(() => (which === "email" ? changeEmailButton : changePasswordButton).current?.focus());
  };

  const sendSetPasswordLink = () =>
    setPassword.run(async () => {
      await apiFetch("/api/account/forgot-password", { method: "POST", body: JSON.stringify({ email: a.email }) });
      setSetPasswordSent(true);
    });

  return (
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
  );
}
