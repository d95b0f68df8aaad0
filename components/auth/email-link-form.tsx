"use client";
import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { apiFetch } from "@/lib/client/api";
import { AuthCard } from "./auth-card";
import { FlowNotice, LINK } from "./flow-notice";
import { EmailField, SubmitButton } from "./flow-fields";
import type { AuthFlow } from "./use-auth-flow";

/**
 * "Forgot password" and "Send the link again" are the same screen: one e-mail field, a link sent.
 */
export function EmailLinkForm({ flow, purpose }: { flow: AuthFlow; purpose: "forgot" | "resend" }) {
  const t = useTranslations("auth");
  const { fields } = flow;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!flow.validate(["email"])) return;
    if (purpose === "resend") return void flow.sendVerificationAgain();
    void flow.run(async () => {
      await apiFetch("/api/account/forgot-password", { method: "POST", body: JSON.stringify({ email: fields.email.trim() }) });
      flow.say({ tone: "success", text: t("resetSent") });
    });
  };

  const [title, subtitle, submitLabel] = purpose === "forgot" ? [t("forgotTitle"), t("forgotSubtitle"), t("sendLink")] : [t("resendTitle"), t("resendSubtitle"), t("resendLink")];
  return (
    <AuthCard title={title} subtitle={subtitle}>
      <FlowNotice flow={flow} />
      <form data-auth-form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <EmailField flow={flow} />
        <SubmitButton busy={flow.busy} label={submitLabel} busyLabel={t("sending")} />
      </form>
      <BackToSignIn flow={flow} />
    </AuthCard>
  );
}

export function BackToSignIn({ flow }: { flow: AuthFlow }) {
  const t = useTranslations("auth");
  return (
    <p className="mt-6 text-sm">
      <button type="button" className={LINK} onClick={() => flow.go("signin")}>
        {t("backToSignIn")}
      </button>
    </p>
  );
}
