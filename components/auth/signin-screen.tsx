"use client";
import { EmailLinkForm } from "./email-link-form";
import { EmailLinkScreen, OAuthReturnScreen } from "./link-screens";
import { ResetPasswordForm } from "./reset-password-form";
import { SignInForm } from "./signin-form";
import { SignUpForm } from "./signup-form";
import type { SignInProps } from "./start-screen";
import { useAuthFlow } from "./use-auth-flow";

/** /signin: the screen the flow is on — sign-in, sign-up, a link sent, a new password, or a link flow at work. */
export function SignInScreen(props: SignInProps) {
  const flow = useAuthFlow(props);
  switch (flow.screen) {
    case "signup":
      return <SignUpForm flow={flow} />;
    case "forgot":
    case "resend":
      return <EmailLinkForm flow={flow} purpose={flow.screen} />;
    case "reset":
      return <ResetPasswordForm flow={flow} />;
    case "verify":
    case "confirmEmail":
      return <EmailLinkScreen flow={flow} kind={flow.screen} />;
    case "oauth":
      return <OAuthReturnScreen returnUrl={props.returnUrl} />;
    default:
      return <SignInForm flow={flow} />;
  }
}
