"use client";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { PasswordField } from "@/components/ui/password-field";
import { PASSWORD_MIN_LENGTH } from "@/lib/auth/password-length";
import { StrengthMeter } from "./password-strength";
import type { AuthFlow } from "./use-auth-flow";

/** The e-mail address, as every screen that asks for it has it (typed once, kept between screens). */
export function EmailField({ flow }: { flow: AuthFlow }) {
  const t = useTranslations("auth");
  return <TextField label={t("email")} type="email" autoComplete="email" value={flow.fields.email} onChange={flow.set("email")} error={flow.errors.email} disabled={flow.busy} />;
}

/** A new password (sign-up, reset) with its strength shown as it is typed. */
export function NewPasswordField({ flow, label }: { flow: AuthFlow; label: string }) {
  return (
    <PasswordField
      label={label}
      autoComplete="new-password"
      value={flow.fields.password}
      onChange={flow.set("password")}
      error={flow.errors.password}
      hint={<StrengthMeter strength={flow.strength} minLength={PASSWORD_MIN_LENGTH} />}
      disabled={flow.busy}
    />
  );
}

/** The screen's one action, full width, saying what it is doing while it runs. */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <Button type="submit" loading={busy} className="w-full">
      {busy ? busyLabel : label}
    </Button>
  );
}
