"use client";
import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { PasswordField } from "@/components/ui/password-field";
import { AuthCard } from "./auth-card";
import { errorText } from "./error-text";
import { FlowNotice, LINK } from "./flow-notice";
import { GoogleSignIn } from "./google-sign-in";
import { nextAuth, signIn } from "./next-auth-client";
import { EmailField, SubmitButton } from "./flow-fields";
import type { AuthFlow } from "./use-auth-flow";

/** E-mail and password (or Google); then a full navigation to where the user was going. */
export function SignInForm({ flow }: { flow: AuthFlow }) {
  const t = useTranslations("auth");
  const { fields, set, errors, busy } = flow;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!flow.validate(["email", "password"])) return;
    void flow.run(async () => {
      const result = await signIn("credentials", { redirect: false, email: fields.email.trim(), password: fields.password });
      if (!result || result.error) return flow.say({ tone: "error", text: errorText(t, result?.error ?? "generic") }, result?.error === "email_not_verified");
      // A full navigation so server components render with the new session.
      window.location.assign(flow.props.returnUrl);
    });
  };

  return (
    <AuthCard title={t("signInTitle")} subtitle={t("signInSubtitle")}>
      <FlowNotice flow={flow} />
      {flow.props.googleEnabled && <GoogleSignIn returnUrl={flow.props.returnUrl} />}
      <form data-auth-form noValidate onSubmit={submit} onFocus={() => void nextAuth()} className="flex flex-col gap-4">
        <EmailField flow={flow} />
        <PasswordField label={t("password")} autoComplete="current-password" value={fields.password} onChange={set("password")} error={errors.password} disabled={busy} />
        <div className="-mt-2 text-right text-sm">
          <button type="button" className={LINK} onClick={() => flow.go("forgot")}>
            {t("forgotPassword")}
          </button>
        </div>
        <SubmitButton busy={busy} label={t("signIn")} busyLabel={t("signingIn")} />
      </form>
      <p className="mt-6 text-sm">
        {t("noAccount")}{" "}
        <button type="button" className={LINK} onClick={() => flow.go("signup")}>
          {t("createAccount")}
        </button>
      </p>
    </AuthCard>
  );
}
