"use client";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { EMAIL_PATTERN as EMAIL } from "@/lib/auth/email-pattern";
import { PASSWORD_MIN_LENGTH } from "@/lib/auth/password-length";
import { ApiError, apiFetch } from "@/lib/client/api";
import { issuesOf } from "@/lib/client/form-errors";
import { useSubmit } from "@/lib/client/use-submit";
import { SITE } from "@/lib/site";
import { usePasswordStrength } from "./password-strength";
import { startOf, type Field, type Notice, type Screen, type SignInProps } from "./start-screen";

// Keep the URL honest about the view (spec: screen=signup selects sign-up), keep returnUrl. A link
// flow's token leaves the address bar once used, so a reload shows the sign-in form, not an error.
function showInUrl(next: Screen) {
  const url = new URL(window.location.href);
  for (const name of ["mode", "token", "error", "notice"]) url.searchParams.delete(name);
  if (next === "signup") url.searchParams.set("screen", "signup");
  else url.searchParams.delete("screen");
  window.history.replaceState(null, "", url);
}

/**
 * What the sign-in screens share: which one shows, the notice above it (with "send the link again"
 * where that helps), the fields (what was typed carries over between screens), their checks, and
 * running a request with its failure shown in the notice or under the password.
 */
export function useAuthFlow(props: SignInProps) {
  const t = useTranslations("auth");
  const titles = useTranslations("shell.titles");
  const [start] = useState(() => startOf(props, t));
  const [screen, setScreen] = useState<Screen>(start.screen);
  const [notice, setNotice] = useState<Notice | null>(start.notice);
  // Offered after sign-up, after "please confirm first" and after a dead confirmation link.
  const [offerResend, setOfferResend] = useState(false);
  const [fields, setFields] = useState<Record<Field, string>>({ email: "", password: "", displayName: "" });
  const form = useSubmit<Field>();
  const choosingPassword = screen === "signup" || screen === "reset";
  const strength = usePasswordStrength(choosingPassword ? fields.password : "", [fields.displayName, fields.email]);

  useEffect(() => {
    if (start.forgetLink) showInUrl("signin");
  }, [start]);

  // The tab names the view; switching views only replaces the URL, so the title follows here.
  useEffect(() => {
    document.title = `${titles(screen === "signup" ? "signUp" : "signIn")} · ${SITE.title}`;
  }, [screen, titles]);

  const go = (next: Screen) => {
    setScreen(next);
    form.setErrors({});
    setNotice(null);
    setOfferResend(false);
    showInUrl(next);
  };

  /** A notice on the sign-in screen (after a link flow, or a refused sign-in), with "send the link again" or not. */
  const say = (next: Notice, resend = false) => {
    setNotice(next);
    setOfferResend(resend);
  };

  const set = (name: Field) => (e: { target: { value: string } }) => {
    setFields((f) => ({ ...f, [name]: e.target.value }));
    form.clear(name);
  };

  // What a person typed before the page's script ran (a slow connection): hydration leaves it on the
  // screen but not in the fields, and the next render would wipe it. The server-rendered form
  // (`data-auth-form`) hands it over once, as the page comes alive.
  useEffect(() => {
    const form = document.querySelector<HTMLFormElement>("form[data-auth-form]");
    const typed = (selector: string) => form?.querySelector<HTMLInputElement>(selector)?.value ?? "";
    const found = { email: typed('input[autocomplete="email"]'), password: typed('input[autocomplete$="password"]'), displayName: typed('input[autocomplete="name"]') };
    const filled = Object.fromEntries(Object.entries(found).filter(([, value]) => value));
    // The DOM before hydration is the outside system here, read once: nothing renders twice unless something was typed.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (Object.keys(filled).length > 0) setFields((f) => ({ ...f, ...filled }));
  }, []);

  const problem = (name: Field): string | undefined => {
    const value = fields[name].trim();
    if (name === "email") return !value ? t("errors.emailRequired") : !EMAIL.test(value) ? t("errors.emailInvalid") : undefined;
    if (name === "displayName") return value ? undefined : t("errors.displayNameRequired");
    if (!fields.password) return t("errors.passwordRequired");
    if (choosingPassword && fields.password.length < PASSWORD_MIN_LENGTH) return t("errors.passwordShort");
    // The reason the meter gave, kept after submitting (issue 31).
    if (choosingPassword && strength?.problem) return t(`errors.passwordProblems.${strength.problem}`);
  };
  const validate = (names: Field[]) => form.check(Object.fromEntries(names.map((name) => [name, problem(name)])));

  const run = (action: () => Promise<void>) => {
    setNotice(null);
    return form.run(action, {
      failure: (err) => {
        // A refused password (the server's own check) belongs under the password field.
        if (err instanceof ApiError && issuesOf(err).some((i) => i.path === "password")) return { password: err.message };
        const limited = err instanceof ApiError && err.status === 429;
        setNotice({ tone: "error", text: limited ? t("errors.rate_limited") : err instanceof Error && err.message ? err.message : t("errors.generic") });
        return null;
      },
    });
  };

  const sendVerificationAgain = () =>
    run(async () => {
      await apiFetch("/api/account/resend-verification", { method: "POST", body: JSON.stringify({ email: fields.email.trim() }) });
      say({ tone: "success", text: t("resendSent") });
    });

  /** After a link flow: the sign-in screen with what happened. */
  const finishLink = (next: Notice, resend = false, email?: string) => {
    say(next, resend);
    if (email) setFields((f) => ({ ...f, email }));
    setScreen("signin");
    showInUrl("signin");
  };

  return {
    props,
    screen,
    notice,
    offerResend,
    fields,
    setFields,
    set,
    errors: form.errors,
    busy: form.busy,
    strength,
    validate,
    run,
    go,
    say,
    sendVerificationAgain,
    finishLink,
  };
}

export type AuthFlow = ReturnType<typeof useAuthFlow>;
