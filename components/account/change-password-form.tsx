"use client";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { StrengthMeter, usePasswordStrength } from "@/components/auth/password-strength";
import { Button } from "@/components/ui/button";
import { PasswordField } from "@/components/ui/password-field";
import { PASSWORD_MIN_LENGTH } from "@/lib/auth/password-length";
import { apiFetch } from "@/lib/client/api";
import { notifications } from "@/lib/client/notifications";
import { fieldIssue } from "./use-account";


/** Current and new password; on success every other session is signed out, this one stays. */
export function ChangePasswordForm({ email, name, onDone }: { email: string; name: string; onDone: () => void }) {
  const t = useTranslations("account");
  const auth = useTranslations("auth");
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [errors, setErrors] = useState<{ currentPassword?: string; newPassword?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const [resetSent, setResetSent] = useState(false);
  const strength = usePasswordStrength(next, [name, email]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: typeof errors = {};
    if (!current) found.currentPassword = t("errors.currentPasswordRequired");
    if (!next) found.newPassword = auth("errors.passwordRequired");
    else if (next.length < PASSWORD_MIN_LENGTH) found.newPassword = auth("errors.passwordShort");
    else if (strength?.problem) found.newPassword = auth("errors.passwordWeak");
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await apiFetch("/api/account/password", { method: "POST", body: JSON.stringify({ currentPassword: current, newPassword: next }) });
      notifications.add({ type: "success", message: t("passwordForm.done") });
      onDone();
    } catch (err) {
      const currentPassword = fieldIssue(err, "currentPassword");
      const newPassword = fieldIssue(err, "newPassword");
      setErrors(currentPassword || newPassword ? { currentPassword, newPassword } : { form: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };

  const sendReset = async () => {
    setBusy(true);
    try {
      await apiFetch("/api/account/forgot-password", { method: "POST", body: JSON.stringify({ email }) });
      setResetSent(true);
    } catch (err) {
      setErrors({ form: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="mt-4 flex max-w-md flex-col gap-4">
      <PasswordField
        label={t("passwordForm.currentPassword")}
        autoComplete="current-password"
        value={current}
        onChange={(e) => {
          setCurrent(e.target.value);
          setErrors((x) => ({ ...x, currentPassword: undefined }));
        }}
        error={errors.currentPassword}
        disabled={busy}
        autoFocus
      />
      <PasswordField
        label={t("passwordForm.newPassword")}
        autoComplete="new-password"
        value={next}
        onChange={(e) => {
          setNext(e.target.value);
          setErrors((x) => ({ ...x, newPassword: undefined }));
        }}
        error={errors.newPassword}
        hint={<StrengthMeter strength={strength} minLength={PASSWORD_MIN_LENGTH} />}
        disabled={busy}
      />
      {errors.form && (
        <p role="alert" className="text-sm text-error-text">
          {errors.form}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={busy}>
          {busy ? t("passwordForm.saving") : t("passwordForm.submit")}
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          {t("signIn.cancel")}
        </Button>
      </div>
      <p className="text-sm">
        {t("passwordForm.forgot")}{" "}
        {resetSent ? (
          <span role="status">{t("passwordForm.resetSent", { email })}</span>
        ) : (
          <button type="button" className="font-medium text-primary underline-offset-2 hover:underline dark:text-primary-light" onClick={() => void sendReset()} disabled={busy}>
            {t("passwordForm.sendReset")}
          </button>
        )}
      </p>
    </form>
  );
}
