"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TextField } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { PasswordField } from "@/components/ui/password-field";
import { apiFetch } from "@/lib/client/api";
import { issuesFor, messageOf } from "@/lib/client/form-errors";
import { signOutAndClear } from "@/lib/client/session";
import { useSubmit } from "@/lib/client/use-submit";

/**
 * Typed confirmation (the e-mail address) and the password; then the account is gone and so is the
 * session. The page mounts it only while open, so each opening starts empty.
 */
export function DeleteAccountDialog({ open, onOpenChange, email, hasPassword }: { open: boolean; onOpenChange: (open: boolean) => void; email: string; hasPassword: boolean }) {
  const t = useTranslations("account.delete");
  const [typed, setTyped] = useState("");
  const [password, setPassword] = useState("");
  const form = useSubmit<"confirmation" | "currentPassword">({ errors: "inline" });
  const { busy, errors } = form;
  const matches = typed.trim().toLowerCase() === email;

  const confirm = () =>
    form.run(
      async () => {
        await apiFetch("/api/account/delete", { method: "POST", body: JSON.stringify({ confirmation: typed, ...(hasPassword ? { currentPassword: password } : {}) }) });
        await signOutAndClear("/signin?notice=account-deleted");
      },
      { leaving: true, failure: (err) => issuesFor(err, ["confirmation", "currentPassword"]) ?? messageOf(err) },
    );

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={t("dialogTitle")}
      description={t("dialogText")}
      confirmLabel={t("confirm")}
      cancelLabel={t("cancel")}
      onConfirm={() => void confirm()}
      busy={busy}
      confirmDisabled={!matches || (hasPassword && !password)}
    >
      <TextField
        label={t("typeEmail", { email })}
        autoComplete="off"
        spellCheck={false}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        error={errors.confirmation}
        disabled={busy}
      />
      {hasPassword && (
        <PasswordField label={t("currentPassword")} autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.currentPassword} disabled={busy} />
      )}
      <FormAlert message={errors.form} />
    </ConfirmDialog>
  );
}
