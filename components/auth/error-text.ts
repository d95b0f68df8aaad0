import type { useTranslations } from "next-intl";

const KNOWN_ERRORS = ["CredentialsSignin", "email_not_verified", "rate_limited", "service_unavailable", "OAuthAccountNotLinked", "AccessDenied"];

/** A sign-in error code (next-auth's or ours) in the user's words. */
export function errorText(t: ReturnType<typeof useTranslations<"auth">>, code: string): string {
  if (KNOWN_ERRORS.includes(code)) return t(`errors.${code}` as "errors.generic");
  if (/^OAuth|Callback/.test(code)) return t("errors.oauth");
  return t("errors.generic");
}
