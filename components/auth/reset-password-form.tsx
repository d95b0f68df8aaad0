"use client";
import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { apiFetch } from "@/lib/client/api";
import { AuthCard } from "./auth-card";
import { BackToSignIn } from "./email-link-form";
import { FlowNotice } from "./flow-notice";
import { NewPasswordField, SubmitButton } from "./flow-fields";
import type { AuthFlow } from "./use-auth-flow";

/** The e-mailed reset link's screen: a new password; then sign-in with "password changed". */
export function ResetPasswordForm({ flow }: { flow: AuthFlow }) {
  const t = useTranslations("auth");
  const { fields } = flow;
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
      <form data-auth-form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <NewPasswordField flow={flow} label={t("newPassword")} />
        <SubmitButton busy={flow.busy} label={t("savePassword")} busyLabel={t("saving")} />
      </form>
      <BackToSignIn flow={flow} />
    </AuthCard>
  );
}
