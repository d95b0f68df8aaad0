import type { useTranslations } from "next-intl";
import { errorText } from "./error-text";

export type Screen = "signin" | "signup" | "forgot" | "reset" | "verify" | "confirmEmail" | "oauth" | "resend";
export type Mode = "verify-email" | "reset-password" | "confirm-email" | "oauth-callback";
export type Tone = "success" | "error" | "info";
export type Notice = { tone: Tone; text: string };
export type Field = "email" | "password" | "displayName";

export interface SignInProps {
  initialScreen: "signin" | "signup";
  mode?: Mode;
  token?: string;
  error?: string;
  /** A notice to show on arrival (after deleting the account). */
  notice?: "account-deleted" | "session-ended";
  returnUrl: string;
  googleEnabled: boolean;
}

/**
 * The screen a visit starts on, from the address: a link flow's screen, or sign-in with what went
 * wrong when the link came without its token or the OAuth return with an error.
 */
export function startOf(props: SignInProps, t: ReturnType<typeof useTranslations<"auth">>): { screen: Screen; notice: Notice | null; forgetLink: boolean } {
  const notice: Notice | null = props.error
    ? { tone: "error", text: errorText(t, props.error) }
    : props.notice === "account-deleted"
      ? { tone: "info", text: t("accountDeleted") }
      : props.notice === "session-ended"
        ? { tone: "info", text: t("sessionEnded") }
        : null;
  if (props.mode === "verify-email" || props.mode === "confirm-email") {
    if (!props.token) return { screen: "signin", notice: { tone: "error", text: t("errors.missingToken") }, forgetLink: true };
    return { screen: props.mode === "verify-email" ? "verify" : "confirmEmail", notice, forgetLink: false };
  }
  if (props.mode === "reset-password") return { screen: "reset", notice, forgetLink: false };
  if (props.mode === "oauth-callback") return { screen: props.error ? "signin" : "oauth", notice, forgetLink: false };
  return { screen: props.initialScreen, notice, forgetLink: false };
}

