"use client";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { ApiError, apiFetch } from "@/lib/client/api";
import { AuthCard } from "./auth-card";
import type { AuthFlow } from "./use-auth-flow";

/** A screen that only says what is happening while a link flow runs. */
function Working({ title, text }: { title: string; text: string }) {
  return (
    <AuthCard title={title}>
      <p role="status" className="text-sm">
        {text}
      </p>
    </AuthCard>
  );
}

/**
 * An e-mailed link (confirm the address at sign-up, or a new address): the token is sent once, and
 * the sign-in screen says how it went. A dead confirmation link offers a new one.
 */
export function EmailLinkScreen({ flow, kind }: { flow: AuthFlow; kind: "verify" | "confirmEmail" }) {
  const t = useTranslations("auth");
  const token = flow.props.token;
  const { finishLink } = flow;
  const followed = useRef(false);
  useEffect(() => {
    if (followed.current || !token) return;
    followed.current = true;
    const verifying = kind === "verify";
    const path = verifying ? "/api/account/verify-email" : "/api/account/email/confirm";
    apiFetch<{ status: "confirmed" | "already_confirmed"; email?: string }>(path, { method: "POST", body: JSON.stringify({ token }) })
      .then((r) => {
        const already = r.status === "already_confirmed";
        const text = verifying ? t(already ? "alreadyVerified" : "verified") : t(already ? "emailAlreadyChanged" : "emailChanged", { email: r.email ?? "" });
        // The sign-in form comes filled in with the confirmed address (issue 31): only the password is left.
        finishLink({ tone: "success", text }, false, r.email);
      })
      .catch((err: Error) => {
        const deadLink = err instanceof ApiError && err.status === 400;
        const text = deadLink ? t(verifying ? "errors.verifyLinkInvalid" : "errors.confirmLinkInvalid") : err.message;
        finishLink({ tone: "error", text }, deadLink && verifying);
      });
  }, [kind, token, finishLink, t]);
  return kind === "verify" ? <Working title={t("verifyTitle")} text={t("verifying")} /> : <Working title={t("confirmEmailTitle")} text={t("confirmingEmail")} />;
}

/** Back from Google with a session: on to where the user was going. */
export function OAuthReturnScreen({ returnUrl }: { returnUrl: string }) {
  const t = useTranslations("auth");
  useEffect(() => window.location.replace(returnUrl), [returnUrl]);
  return <Working title={t("oauthTitle")} text={t("oauthWorking")} />;
}
