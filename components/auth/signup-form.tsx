"use client";
import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { TextField } from "@/components/ui/field";
import { apiFetch } from "@/lib/client/api";
import { splitDisplayName } from "@/lib/shell/nav";
import { AuthCard } from "./auth-card";
import { FlowNotice, LINK } from "./flow-notice";
import { GoogleSignIn } from "./google-sign-in";
import { EmailField, NewPasswordField, SubmitButton } from "./flow-fields";
import type { AuthFlow } from "./use-auth-flow";

/** Display name, e-mail and a new password (its strength shown as typed); then "check your inbox" on sign-in. */
export function SignUpForm({ flow }: { flow: AuthFlow }) {
  const t = useTranslations("auth");
  const { fields, set, errors, busy } = flow;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!flow.validate(["displayName", "email", "password"])) return;
    void flow.run(async () => {
      await apiFetch("/api/account/signup", {
        method: "POST",
        body: JSON.stringify({ ...splitDisplayName(fields.displayName), email: fields.email.trim(), password: fields.password }),
        fallback: t("errors.generic"),
      });
      flow.setFields((f) => ({ ...f, password: "" }));
      // A reload after signing up must not show the sign-up form again.
      flow.go("signin");
      flow.say({ tone: "success", text: t("checkInbox") }, true);
    });
  };

  return (
    <AuthCard title={t("signUpTitle")} subtitle={t("signUpSubtitle")}>
      <FlowNotice flow={flow} />
      {flow.props.googleEnabled && <GoogleSignIn returnUrl={flow.props.returnUrl} />}
      <form data-auth-form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField label={t("displayName")} autoComplete="name" value={fields.displayName} onChange={set("displayName")} error={errors.displayName} hint={t("displayNameHint")} disabled={busy} />
        <EmailField flow={flow} />
        <NewPasswordField flow={flow} label={t("password")} />
        <SubmitButton busy={busy} label={t("signUp")} busyLabel={t("signingUp")} />
      </form>
      <p className="mt-6 text-sm">
        {t("haveAccount")}{" "}
        <button type="button" className={LINK} onClick={() => flow.go("signin")}>
          {t("signIn")}
        </button>
      </p>
    </AuthCard>
  );
}
