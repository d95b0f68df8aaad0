"use client";
import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { PasswordField } from "@/components/ui/password-field";
import { PASSWORD_MIN_LENGTH } from "@/lib/auth/password-length";
import { apiFetch } from "@/lib/client/api";
import { AuthCard } from "./auth-card";
import { BackToSignIn } from "./email-link-form";
import { FlowNotice } from "./flow-notice";
import { StrengthMeter } from "./password-strength";
import type { AuthFlow } from "./use-auth-flow";

/** The e-mailed reset link's screen: a new password; then sign-in with "password changed". */
export function ResetPasswordForm({ flow }: { flow: AuthFlow }) {
  const t = useTranslations("auth");
  const { fields, set, errors, busy } = flow;
  const token = flow.props.token;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!token) return flow.say({ tone: "error", text: t("errors.missingToken") });
    if (!flow.validate(["password"])) return;
    void flow.run(async () => {
      await apiFetch("/api/account/reset-password", { method: "POST", body: JSON.stringify({ token, password: fields.password }) });
      flow.setFields((f) => ({ ...f, password: "" }));
      flow.go("signin");
      flow.say({ tone: "success", text: t("passwordChanged") });
    });
  };

  return (
    <AuthCard title={t("resetTitle")}>
      <FlowNotice flow={flow} />
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <PasswordField
          label={t("newPassword")}
          autoComplete="new-password"
          value={fields.password}
          onChange={set("password")}
          error={errors.password}
          hint={<StrengthMeter strength={flow.strength} minLength={PASSWORD_MIN_LENGTH} />}
          disabled={busy}
        />
        <Button type="submit" loading={busy} className="w-full">
          {busy ? t("saving") : t("savePassword")}
        </Button>
      </form>
      <BackToSignIn flow={flow} />
    </AuthCard>
  );
}
