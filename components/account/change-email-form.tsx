"use client";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { useSWRConfig } from "swr";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { PasswordField } from "@/components/ui/password-field";
import { EMAIL_PATTERN } from "@/lib/auth/email-pattern";
import { apiFetch } from "@/lib/client/api";
import { notifications } from "@/lib/client/notifications";
import { fieldIssue } from "./use-account";

/** New address and current password; the address changes once the e-mailed link is followed. */
export function ChangeEmailForm({ onDone }: { onDone: () => void }) {
  const t = useTranslations("account");
  const auth = useTranslations("auth");
  const { mutate } = useSWRConfig();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ email?: string; currentPassword?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: typeof errors = {};
    if (!email.trim()) found.email = auth("errors.emailRequired");
    else if (!EMAIL_PATTERN.test(email.trim())) found.email = auth("errors.emailInvalid");
    if (!password) found.currentPassword = t("errors.currentPasswordRequired");
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const { message } = await apiFetch<{ message: string }>("/api/account/email", { method: "POST", body: JSON.stringify({ email: email.trim(), currentPassword: password }) });
      notifications.add({ type: "success", message });
      await mutate("/api/account");
      onDone();
    } catch (err) {
      const emailIssue = fieldIssue(err, "email");
      const currentPassword = fieldIssue(err, "currentPassword");
      setErrors(emailIssue || currentPassword ? { email: emailIssue, currentPassword } : { form: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="mt-4 flex max-w-md flex-col gap-4">
      <TextField
        label={t("emailForm.newEmail")}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          setErrors((x) => ({ ...x, email: undefined }));
        }}
        error={errors.email}
        hint={t("emailForm.hint")}
        disabled={busy}
        autoFocus
      />
      <PasswordField
        label={t("emailForm.currentPassword")}
        autoComplete="current-password"
        value={password}
        onChange={(e) => {
          setPassword(e.target.value);
          setErrors((x) => ({ ...x, currentPassword: undefined }));
        }}
        error={errors.currentPassword}
        disabled={busy}
      />
      {errors.form && (
        <p role="alert" className="text-sm text-error-text">
          {errors.form}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={busy}>
          {busy ? t("emailForm.sending") : t("emailForm.submit")}
        </Button>
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          {t("signIn.cancel")}
        </Button>
      </div>
    </form>
  );
}
