"use client";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TextField } from "@/components/ui/field";
import { PasswordField } from "@/components/ui/password-field";
import { apiFetch } from "@/lib/client/api";
import { signOutAndClear } from "@/lib/client/session";
import { fieldIssue } from "./use-account";

/** Typed confirmation (the e-mail address) and the password; then the account is gone and so is the session. */
export function DeleteAccountDialog({ open, onOpenChange, email, hasPassword }: { open: boolean; onOpenChange: (open: boolean) => void; email: string; hasPassword: boolean }) {
  const t = useTranslations("account.delete");
  const [typed, setTyped] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ confirmation?: string; currentPassword?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setTyped("");
      setPassword("");
      setErrors({});
    }
  }, [open]);
  const matches = typed.trim().toLowerCase() === email;

  const confirm = async () => {
    setBusy(true);
    setErrors({});
    try {
      await apiFetch("/api/account/delete", { method: "POST", body: JSON.stringify({ confirmation: typed, ...(hasPassword ? { currentPassword: password } : {}) }) });
      await signOutAndClear("/signin?notice=account-deleted");
    } catch (err) {
      const confirmation = fieldIssue(err, "confirmation");
      const currentPassword = fieldIssue(err, "currentPassword");
      setErrors(confirmation || currentPassword ? { confirmation, currentPassword } : { form: (err as Error).message });
      setBusy(false);
    }
  };

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
      {errors.form && (
        <p role="alert" className="text-sm text-error-text">
          {errors.form}
        </p>
      )}
    </ConfirmDialog>
  );
}
