"use client";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { useSWRConfig } from "swr";
import { TextField } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { PasswordField } from "@/components/ui/password-field";
import { EMAIL_PATTERN } from "@/lib/auth/email-pattern";
import { apiFetch } from "@/lib/client/api";
import { issuesFor, messageOf } from "@/lib/client/form-errors";
import { notifications } from "@/lib/client/notifications";
import { useSubmit } from "@/lib/client/use-submit";
import { FormButtons } from "./form-buttons";

/** New address and current password; the address changes once the e-mailed link is followed. */
export function ChangeEmailForm({ onDone }: { onDone: () => void }) {
  const t = useTranslations("account");
  const auth = useTranslations("auth");
  const { mutate } = useSWRConfig();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const form = useSubmit<"email" | "currentPassword">({ errors: "inline" });
  const { busy, errors } = form;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const valid = form.check({
      email: !email.trim() ? auth("errors.emailRequired") : !EMAIL_PATTERN.test(email.trim()) ? auth("errors.emailInvalid") : undefined,
      currentPassword: password ? undefined : t("errors.currentPasswordRequired"),
    });
    if (!valid) return;
    void form.run(
      async () => {
        const { message } = await apiFetch<{ message: string }>("/api/account/email", { method: "POST", body: JSON.stringify({ email: email.trim(), currentPassword: password }) });
        notifications.add({ type: "success", message });
        await mutate("/api/account");
        onDone();
      },
      { failure: (err) => issuesFor(err, ["email", "currentPassword"]) ?? messageOf(err) },
    );
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
          form.clear("email");
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
          form.clear("currentPassword");
        }}
        error={errors.currentPassword}
        disabled={busy}
      />
      <FormAlert message={errors.form} />
      <FormButtons busy={busy} label={busy ? t("emailForm.sending") : t("emailForm.submit")} onCancel={onDone} />
    </form>
  );
}
