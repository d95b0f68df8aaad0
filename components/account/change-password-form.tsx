"use client";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { StrengthMeter, usePasswordStrength } from "@/components/auth/password-strength";
import { FormAlert } from "@/components/ui/form-alert";
import { PasswordField } from "@/components/ui/password-field";
import { PASSWORD_MIN_LENGTH } from "@/lib/auth/password-length";
import { apiFetch } from "@/lib/client/api";
import { issuesFor, messageOf } from "@/lib/client/form-errors";
import { notifications } from "@/lib/client/notifications";
import { useSubmit } from "@/lib/client/use-submit";
import { FormButtons } from "./form-buttons";

/** Current and new password; on success every other session is signed out, this one stays. */
export function ChangePasswordForm({ email, name, onDone }: { email: string; name: string; onDone: () => void }) {
  const t = useTranslations("account");
  const auth = useTranslations("auth");
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const form = useSubmit<"currentPassword" | "newPassword">({ errors: "inline" });
  const { busy, errors } = form;
  const [resetSent, setResetSent] = useState(false);
  const strength = usePasswordStrength(next, [name, email]);

  const newPasswordProblem = () => {
    if (!next) return auth("errors.passwordRequired");
    if (next.length < PASSWORD_MIN_LENGTH) return auth("errors.passwordShort");
    if (strength?.problem) return auth(`errors.passwordProblems.${strength.problem}`);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.check({ currentPassword: current ? undefined : t("errors.currentPasswordRequired"), newPassword: newPasswordProblem() })) return;
    void form.run(
      async () => {
        await apiFetch("/api/account/password", { method: "POST", body: JSON.stringify({ currentPassword: current, newPassword: next }) });
        notifications.add({ type: "success", message: t("passwordForm.done") });
        onDone();
      },
      { failure: (err) => issuesFor(err, ["currentPassword", "newPassword"]) ?? messageOf(err) },
    );
  };

  const sendReset = () =>
    form.run(async () => {
      await apiFetch("/api/account/forgot-password", { method: "POST", body: JSON.stringify({ email }) });
      setResetSent(true);
    });

  return (
    <form noValidate onSubmit={submit} className="mt-4 flex max-w-md flex-col gap-4">
      <PasswordField
        label={t("passwordForm.currentPassword")}
        autoComplete="current-password"
        value={current}
        onChange={(e) => {
          setCurrent(e.target.value);
          form.clear("currentPassword");
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
          form.clear("newPassword");
        }}
        error={errors.newPassword}
        hint={<StrengthMeter strength={strength} minLength={PASSWORD_MIN_LENGTH} />}
        disabled={busy}
      />
      <FormAlert message={errors.form} />
      <FormButtons busy={busy} label={busy ? t("passwordForm.saving") : t("passwordForm.submit")} onCancel={onDone} />
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
