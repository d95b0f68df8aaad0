import { z } from "zod";
import { messageResponse } from "../contract/fields.ts";
import type { Operation } from "../contract/operation.ts";
import { tokenResponse } from "./refresh-tokens.ts";
import { forgotPasswordSchema, grantSchema, resendVerificationSchema, resetPasswordSchema, revokeSchema, signUpSchema, tokenSchema } from "./schema.ts";

// Signing up and in: the account's e-mail links, the token endpoint and NextAuth.js's pages.

const emailVerifiedResponse = z
  .object({ status: z.enum(["confirmed", "already_confirmed"]), email: z.string().meta({ description: "The confirmed address, to sign in with" }), message: z.string() })
  .meta({ id: "EmailVerified", description: "A link followed twice is already_confirmed, not an error" });

export const AUTH_OPERATIONS: Operation[] = [
  { method: "post", path: "/api/account/signup", operationId: "signUp", tag: "Account", summary: "Create an account (a confirmation link is e-mailed)", auth: "public", body: signUpSchema, responses: { 201: messageResponse } },
  { method: "post", path: "/api/account/verify-email", operationId: "verifyEmail", tag: "Account", summary: "Confirm an e-mail address with the token from the link", auth: "public", body: tokenSchema, responses: { 200: emailVerifiedResponse } },
  { method: "post", path: "/api/account/resend-verification", operationId: "resendVerification", tag: "Account", summary: "Send the confirmation link again", auth: "public", body: resendVerificationSchema, responses: { 202: messageResponse } },
  { method: "post", path: "/api/account/forgot-password", operationId: "forgotPassword", tag: "Account", summary: "E-mail a password reset link", auth: "public", body: forgotPasswordSchema, responses: { 202: messageResponse } },
  { method: "post", path: "/api/account/reset-password", operationId: "resetPassword", tag: "Account", summary: "Choose a new password with the token from the link", auth: "public", body: resetPasswordSchema, responses: { 200: messageResponse } },
  {
    method: "post", path: "/api/token", operationId: "issueToken", tag: "Account", auth: "public", body: grantSchema, responses: { 200: tokenResponse },
    summary: "Access and refresh tokens (password or refresh-token grant)",
    description: "Access tokens last 15 minutes; refresh tokens rotate on every use, and a replayed one revokes its family. API keys need no token.",
  },
  { method: "post", path: "/api/token/revoke", operationId: "revokeToken", tag: "Account", summary: "Revoke a refresh token", auth: "public", body: revokeSchema, responses: { 200: z.object({ revoked: z.literal(true) }) } },
  {
    method: "get", path: "/api/auth/{nextauth}", operationId: "nextAuthGet", tag: "Account", auth: "public", responses: { 200: { mediaTypes: ["text/html"], description: "NextAuth.js pages and redirects" } },
    summary: "Browser sign-in (NextAuth.js)", description: "Used by Cohost's own pages (session, CSRF token, providers, OAuth callbacks); not an API for other software.",
  },
  { method: "post", path: "/api/auth/{nextauth}", operationId: "nextAuthPost", tag: "Account", auth: "public", summary: "Browser sign-in and sign-out (NextAuth.js)", responses: { 200: { mediaTypes: ["text/html"], description: "NextAuth.js redirects" } } },
];
