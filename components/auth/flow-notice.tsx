"use client";
import { useTranslations } from "next-intl";
import { EMAIL_PATTERN as EMAIL } from "@/lib/auth/email-pattern";
import { Notice } from "./auth-card";
import type { AuthFlow } from "./use-auth-flow";

/** The flow's notice, with "Send the link again" on the sign-in screen when that is the way on. */
export function FlowNotice({ flow }: { flow: AuthFlow }) {
  const t = useTranslations("auth");
  if (!flow.notice) return null;
  // With a usable address in the form, send at once; otherwise ask for it.
  const resend = () => (EMAIL.test(flow.fields.email.trim()) ? void flow.sendVerificationAgain() : flow.go("resend"));
  return (
    <Notice tone={flow.notice.tone}>
      {flow.notice.text}
      {flow.offerResend && flow.screen === "signin" && (
        <>
          {" "}
          <button type="button" className="font-medium underline underline-offset-2" onClick={resend} disabled={flow.busy}>
            {t("resendLink")}
          </button>
        </>
      )}
    </Notice>
  );
}

/** The small text links between the screens ("Forgot password?", "Back to sign-in"). */
export const LINK = "font-medium text-primary underline-offset-2 hover:underline dark:text-primary-light";
