"use client";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { PasswordField } from "@/components/ui/password-field";
import { EMAIL_PATTERN as EMAIL } from "@/lib/auth/email-pattern";
import { PASSWORD_MIN_LENGTH } from "@/lib/auth/password-length";
import { ApiError, apiFetch } from "@/lib/client/api";
import { splitDisplayName } from "@/lib/shell/nav";
import { SITE } from "@/lib/site";
import { AuthCard, Notice } from "./auth-card";
import { StrengthMeter, usePasswordStrength } from "./password-strength";

// next-auth's client is needed only when a sign-in starts; it is fetched when the form is first used.
const nextAuth = () => import("next-auth/react");
const signIn: typeof import("next-auth/react").signIn = (...args) => nextAuth().then((m) => m.signIn(...args));

type Screen = "signin" | "signup" | "forgot" | "reset" | "verify" | "confirmEmail" | "oauth" | "resend";
export type Mode = "verify-email" | "reset-password" | "confirm-email" | "oauth-callback";
type Tone = "success" | "error" | "info";


export function SignInScreen(props: {
  initialScreen: "signin" | "signup";
  mode?: Mode;
  token?: string;
  error?: string;
  /** A notice to show on arrival (after deleting the account). */
  notice?: "account-deleted";
  returnUrl: string;
  googleEnabled: boolean;
}) {
  const t = useTranslations("auth");
  const titles = useTranslations("shell.titles");
  const startScreen: Screen =
    props.mode === "verify-email"
      ? "verify"
      : props.mode === "confirm-email"
        ? "confirmEmail"
        : props.mode === "reset-password"
          ? "reset"
          : props.mode === "oauth-callback"
            ? "oauth"
            : props.initialScreen;
  const [screen, setScreen] = useState<Screen>(startScreen);
  const [notice, setNotice] = useState<{ tone: Tone; text: string } | null>(() =>
    props.error
      ? { tone: "error", text: errorText(t, props.error) }
      : props.notice === "account-deleted"
        ? { tone: "info", text: t("accountDeleted") }
        : null,
  );
  const [busy, setBusy] = useState(false);
  // Offered after sign-up, after "please confirm first" and after a dead confirmation link.
  const [offerResend, setOfferResend] = useState(false);
  const [fields, setFields] = useState({ email: "", password: "", displayName: "" });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<keyof typeof fields, string>>>({});
  const linkFollowed = useRef(false);
  const choosingPassword = screen === "signup" || screen === "reset";
  const strength = usePasswordStrength(choosingPassword ? fields.password : "", [fields.displayName, fields.email]);

  // Keep the URL honest about the view (spec: screen=signup selects sign-up), keep returnUrl. A link
  // flow's token leaves the address bar once used, so a reload shows the sign-in form, not an error.
  const showInUrl = (next: Screen) => {
    const url = new URL(window.location.href);
    for (const name of ["mode", "token", "error", "notice"]) url.searchParams.delete(name);
    if (next === "signup") url.searchParams.set("screen", "signup");
    else url.searchParams.delete("screen");
    window.history.replaceState(null, "", url);
  };

  const go = (next: Screen) => {
    setScreen(next);
    setFieldErrors({});
    setNotice(null);
    setOfferResend(false);
    showInUrl(next);
  };

  const set = (name: keyof typeof fields) => (e: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [name]: e.target.value }));
    setFieldErrors((fe) => ({ ...fe, [name]: undefined }));
  };

  // The tab names the view; switching views only replaces the URL, so the title follows here.
  useEffect(() => {
    document.title = `${titles(screen === "signup" ? "signUp" : "signIn")} · ${SITE.title}`;
  }, [screen, titles]);

  // Link flows from e-mails and the OAuth return.
  useEffect(() => {
    if ((screen === "verify" || screen === "confirmEmail") && !linkFollowed.current) {
      linkFollowed.current = true;
      const verifying = screen === "verify";
      const finish = (text: { tone: Tone; text: string }, resend = false) => {
        setNotice(text);
        setOfferResend(resend);
        setScreen("signin");
        showInUrl("signin");
      };
      if (!props.token) return finish({ tone: "error", text: t("errors.missingToken") });
      const path = verifying ? "/api/account/verify-email" : "/api/account/email/confirm";
      apiFetch<{ status: "confirmed" | "already_confirmed"; email?: string }>(path, { method: "POST", body: JSON.stringify({ token: props.token }) })
        .then((r) => {
          const already = r.status === "already_confirmed";
          const text = verifying ? t(already ? "alreadyVerified" : "verified") : t(already ? "emailAlreadyChanged" : "emailChanged", { email: r.email ?? "" });
          finish({ tone: "success", text });
        })
        .catch((err: Error) => {
          const deadLink = err instanceof ApiError && err.status === 400;
          const text = deadLink ? t(verifying ? "errors.verifyLinkInvalid" : "errors.confirmLinkInvalid") : err.message;
          finish({ tone: "error", text }, deadLink && verifying);
        });
    }
    if (screen === "oauth") {
      if (props.error) {
        setScreen("signin");
        return;
      }
      window.location.replace(props.returnUrl);
    }
  }, [screen, props.token, props.error, props.returnUrl, t]);

  function validate(names: (keyof typeof fields)[]): boolean {
    const errors: Partial<Record<keyof typeof fields, string>> = {};
    for (const name of names) {
      const value = fields[name].trim();
      if (name === "email") {
        if (!value) errors.email = t("errors.emailRequired");
        else if (!EMAIL.test(value)) errors.email = t("errors.emailInvalid");
      }
      if (name === "password") {
        if (!fields.password) errors.password = t("errors.passwordRequired");
        else if (choosingPassword && fields.password.length < PASSWORD_MIN_LENGTH) errors.password = t("errors.passwordShort");
        else if (choosingPassword && strength?.problem) errors.password = t("errors.passwordWeak");
      }
      if (name === "displayName" && !value) errors.displayName = t("errors.displayNameRequired");
    }
    setFieldErrors(errors);
    return Object.keys(errors).length === 0;
  }

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setNotice(null);
    try {
      await action();
    } catch (err) {
      const limited = err instanceof ApiError && err.status === 429;
      // A refused password (the server's own check) belongs under the password field.
      const passwordIssue = err instanceof ApiError && (err.body as { issues?: { path: string }[] } | null)?.issues?.some((i) => i.path === "password");
      if (passwordIssue) setFieldErrors({ password: err.message });
      else setNotice({ tone: "error", text: limited ? t("errors.rate_limited") : err instanceof Error && err.message ? err.message : t("errors.generic") });
    } finally {
      setBusy(false);
    }
  }

  const onSignIn = (e: FormEvent) => {
    e.preventDefault();
    if (!validate(["email", "password"])) return;
    void run(async () => {
      const result = await signIn("credentials", { redirect: false, email: fields.email.trim(), password: fields.password });
      if (!result || result.error) {
        setNotice({ tone: "error", text: errorText(t, result?.error ?? "generic") });
        setOfferResend(result?.error === "email_not_verified");
        return;
      }
      // A full navigation so server components render with the new session.
      window.location.assign(props.returnUrl);
    });
  };

  const onSignUp = (e: FormEvent) => {
    e.preventDefault();
    if (!validate(["displayName", "email", "password"])) return;
    void run(async () => {
      await apiFetch("/api/account/signup", {
        method: "POST",
        body: JSON.stringify({ ...splitDisplayName(fields.displayName), email: fields.email.trim(), password: fields.password }),
        fallback: t("errors.generic"),
      });
      setFields((f) => ({ ...f, password: "" }));
      // A reload after signing up must not show the sign-up form again.
      go("signin");
      setNotice({ tone: "success", text: t("checkInbox") });
      setOfferResend(true);
    });
  };

  const sendVerificationAgain = () =>
    run(async () => {
      await apiFetch("/api/account/resend-verification", { method: "POST", body: JSON.stringify({ email: fields.email.trim() }) });
      setNotice({ tone: "success", text: t("resendSent") });
      setOfferResend(false);
    });

  const onResendClick = () => {
    // With a usable address in the form, send at once; otherwise ask for it.
    if (EMAIL.test(fields.email.trim())) void sendVerificationAgain();
    else go("resend");
  };

  const onResend = (e: FormEvent) => {
    e.preventDefault();
    if (!validate(["email"])) return;
    void sendVerificationAgain();
  };

  const onForgot = (e: FormEvent) => {
    e.preventDefault();
    if (!validate(["email"])) return;
    void run(async () => {
      await apiFetch("/api/account/forgot-password", { method: "POST", body: JSON.stringify({ email: fields.email.trim() }) });
      setNotice({ tone: "success", text: t("resetSent") });
    });
  };

  const onReset = (e: FormEvent) => {
    e.preventDefault();
    if (!props.token) {
      setNotice({ tone: "error", text: t("errors.missingToken") });
      return;
    }
    if (!validate(["password"])) return;
    void run(async () => {
      await apiFetch("/api/account/reset-password", { method: "POST", body: JSON.stringify({ token: props.token, password: fields.password }) });
      setFields((f) => ({ ...f, password: "" }));
      go("signin");
      setNotice({ tone: "success", text: t("passwordChanged") });
    });
  };

  const google = props.googleEnabled && (screen === "signin" || screen === "signup") && (
    <>
      <Button
        variant="secondary"
        className="w-full"
        onPointerEnter={() => void nextAuth()}
        onClick={() => signIn("google", { callbackUrl: `/signin?mode=oauth-callback&returnUrl=${encodeURIComponent(props.returnUrl)}` })}
      >
        <GoogleMark /> {t("continueWithGoogle")}
      </Button>
      <div className="my-4 flex items-center gap-3 text-xs uppercase text-[var(--text-muted)]">
        <span className="h-px flex-1 bg-[var(--border)]" />
        {t("or")}
        <span className="h-px flex-1 bg-[var(--border)]" />
      </div>
    </>
  );

  const noticeBox = notice && (
    <Notice tone={notice.tone}>
      {notice.text}
      {offerResend && screen === "signin" && (
        <>
          {" "}
          <button type="button" className="font-medium underline underline-offset-2" onClick={onResendClick} disabled={busy}>
            {t("resendLink")}
          </button>
        </>
      )}
    </Notice>
  );
  const link = "font-medium text-primary underline-offset-2 hover:underline dark:text-primary-light";

  const strengthHint = <StrengthMeter strength={strength} minLength={PASSWORD_MIN_LENGTH} />;

  if (screen === "verify" || screen === "confirmEmail" || screen === "oauth") {
    const [title, working] = { verify: ["verifyTitle", "verifying"], confirmEmail: ["confirmEmailTitle", "confirmingEmail"], oauth: ["oauthTitle", "oauthWorking"] }[screen] as [
      "verifyTitle",
      "verifying",
    ];
    return (
      <AuthCard title={t(title)}>
        <p role="status" className="text-sm">
          {t(working)}
        </p>
      </AuthCard>
    );
  }

  if (screen === "signup") {
    return (
      <AuthCard title={t("signUpTitle")} subtitle={t("signUpSubtitle")}>
        {noticeBox}
        {google}
        <form noValidate onSubmit={onSignUp} className="flex flex-col gap-4">
          <TextField
            label={t("displayName")}
            autoComplete="name"
            value={fields.displayName}
            onChange={set("displayName")}
            error={fieldErrors.displayName}
            hint={t("displayNameHint")}
            disabled={busy}
          />
          <TextField label={t("email")} type="email" autoComplete="email" value={fields.email} onChange={set("email")} error={fieldErrors.email} disabled={busy} />
          <PasswordField
            label={t("password")}
            autoComplete="new-password"
            value={fields.password}
            onChange={set("password")}
            error={fieldErrors.password}
            hint={strengthHint}
            disabled={busy}
          />
          <Button type="submit" loading={busy} className="w-full">
            {busy ? t("signingUp") : t("signUp")}
          </Button>
        </form>
        <p className="mt-6 text-sm">
          {t("haveAccount")}{" "}
          <button type="button" className={link} onClick={() => go("signin")}>
            {t("signIn")}
          </button>
        </p>
      </AuthCard>
    );
  }

  // "Forgot password" and "Send the link again" are the same screen: one e-mail field, a link sent.
  const emailLinkScreen = (title: string, subtitle: string, submitLabel: string, onSubmit: typeof onForgot) => (
    <AuthCard title={title} subtitle={subtitle}>
      {noticeBox}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField label={t("email")} type="email" autoComplete="email" value={fields.email} onChange={set("email")} error={fieldErrors.email} disabled={busy} />
        <Button type="submit" loading={busy} className="w-full">
          {busy ? t("sending") : submitLabel}
        </Button>
      </form>
      <p className="mt-6 text-sm">
        <button type="button" className={link} onClick={() => go("signin")}>
          {t("backToSignIn")}
        </button>
      </p>
    </AuthCard>
  );
  if (screen === "forgot") return emailLinkScreen(t("forgotTitle"), t("forgotSubtitle"), t("sendLink"), onForgot);
  if (screen === "resend") return emailLinkScreen(t("resendTitle"), t("resendSubtitle"), t("resendLink"), onResend);

  if (screen === "reset") {
    return (
      <AuthCard title={t("resetTitle")}>
        {noticeBox}
        <form noValidate onSubmit={onReset} className="flex flex-col gap-4">
          <PasswordField
            label={t("newPassword")}
            autoComplete="new-password"
            value={fields.password}
            onChange={set("password")}
            error={fieldErrors.password}
            hint={strengthHint}
            disabled={busy}
          />
          <Button type="submit" loading={busy} className="w-full">
            {busy ? t("saving") : t("savePassword")}
          </Button>
        </form>
        <p className="mt-6 text-sm">
          <button type="button" className={link} onClick={() => go("signin")}>
            {t("backToSignIn")}
          </button>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t("signInTitle")} subtitle={t("signInSubtitle")}>
      {noticeBox}
      {google}
      <form noValidate onSubmit={onSignIn} onFocus={() => void nextAuth()} className="flex flex-col gap-4">
        <TextField label={t("email")} type="email" autoComplete="email" value={fields.email} onChange={set("email")} error={fieldErrors.email} disabled={busy} />
        <PasswordField
          label={t("password")}
          autoComplete="current-password"
          value={fields.password}
          onChange={set("password")}
          error={fieldErrors.password}
          disabled={busy}
        />
        <div className="-mt-2 text-right text-sm">
          <button type="button" className={link} onClick={() => go("forgot")}>
            {t("forgotPassword")}
          </button>
        </div>
        <Button type="submit" loading={busy} className="w-full">
          {busy ? t("signingIn") : t("signIn")}
        </Button>
      </form>
      <p className="mt-6 text-sm">
        {t("noAccount")}{" "}
        <button type="button" className={link} onClick={() => go("signup")}>
          {t("createAccount")}
        </button>
      </p>
    </AuthCard>
  );
}

const KNOWN_ERRORS = ["CredentialsSignin", "email_not_verified", "rate_limited", "service_unavailable", "OAuthAccountNotLinked", "AccessDenied"];

function errorText(t: ReturnType<typeof useTranslations<"auth">>, code: string): string {
  if (KNOWN_ERRORS.includes(code)) return t(`errors.${code}` as "errors.generic");
  if (/^OAuth|Callback/.test(code)) return t("errors.oauth");
  return t("errors.generic");
}

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true">
      <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3 0 5.8 1.1 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
      <path fill="#FF3D00" d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3 0 5.8 1.1 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2c-2 1.5-4.5 2.4-7.2 2.4-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
    </svg>
  );
}
