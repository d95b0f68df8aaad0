import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { SignInScreen } from "@/components/auth/signin-screen";
import type { Mode } from "@/components/auth/start-screen";
import { googleEnabled } from "@/lib/auth/next-auth";
import { serverSession } from "@/lib/auth/server-user";
import { safeReturnUrl } from "@/lib/auth/return-url";

export const dynamic = "force-dynamic";

type Search = Record<string, string | string[] | undefined>;
const MODES: Mode[] = ["verify-email", "reset-password", "confirm-email", "oauth-callback"];
const NOTICES = ["account-deleted", "session-ended"] as const;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export async function generateMetadata({ searchParams }: { searchParams: Promise<Search> }): Promise<Metadata> {
  const t = await getTranslations("shell.titles");
  return { title: one((await searchParams).screen) === "signup" ? t("signUp") : t("signIn") };
}

export default async function SignInPage({ searchParams }: { searchParams: Promise<Search> }) {
  const params = await searchParams;
  const mode = one(params.mode);
  const returnUrl = safeReturnUrl(one(params.returnUrl));
  // A signed-in visitor has nothing to do here, except finishing a link flow.
  if (!mode && (await serverSession())) redirect(returnUrl);
  return (
    <SignInScreen
      initialScreen={one(params.screen) === "signup" ? "signup" : "signin"}
      mode={MODES.includes(mode as Mode) ? (mode as Mode) : undefined}
      token={one(params.token)}
      error={one(params.error)}
      notice={NOTICES.find((n) => n === one(params.notice))}
      returnUrl={returnUrl}
      googleEnabled={googleEnabled()}
    />
  );
}
