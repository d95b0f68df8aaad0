import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import auth from "@/messages/en/auth.json";
import { startOf, type SignInProps } from "./start-screen";

const t = createTranslator({ locale: "en", messages: { auth }, namespace: "auth" }) as unknown as Parameters<typeof startOf>[1];
const visit = (props: Partial<SignInProps>) => startOf({ initialScreen: "signin", returnUrl: "/", googleEnabled: false, ...props }, t);

describe("the screen a sign-in visit starts on", () => {
  it("follows the address: sign-up, a reset link, a confirmation link, the OAuth return", () => {
    expect(visit({ initialScreen: "signup" })).toEqual({ screen: "signup", notice: null, forgetLink: false });
    expect(visit({ mode: "reset-password", token: "t" }).screen).toBe("reset");
    expect(visit({ mode: "verify-email", token: "t" }).screen).toBe("verify");
    expect(visit({ mode: "confirm-email", token: "t" }).screen).toBe("confirmEmail");
    expect(visit({ mode: "oauth-callback" }).screen).toBe("oauth");
  });

  it("is sign-in saying why when a confirmation link came without its token, and the address forgets the link", () => {
    expect(visit({ mode: "verify-email" })).toEqual({
      screen: "signin",
      notice: { tone: "error", text: "This link is incomplete. Please open the link from the e-mail again." },
      forgetLink: true,
    });
  });

  it("is sign-in with the error when Google sent the user back with one, and says what a known error or a deleted account means", () => {
    expect(visit({ mode: "oauth-callback", error: "OAuthCallback" })).toEqual({ screen: "signin", notice: { tone: "error", text: "Sign-in with Google failed. Please try again." }, forgetLink: false });
    expect(visit({ error: "CredentialsSignin" }).notice).toEqual({ tone: "error", text: "Incorrect e-mail or password" });
    expect(visit({ notice: "account-deleted" }).notice).toEqual({ tone: "info", text: "Your account and everything in it were deleted." });
    expect(visit({ notice: "session-ended" }).notice?.text).toMatch(/^You were signed out: your password was changed/);
  });
});
