import { z } from "zod";
import { EMAIL_PATTERN } from "./email-pattern.ts";
import { PASSWORD_PROBLEM_MESSAGES, passwordStrength } from "./password-strength.ts";
import { PASSWORD_MIN_LENGTH } from "./passwords.ts";

export const emailSchema = z
  .string({ error: "E-mail is required" })
  .trim()
  .min(1, "E-mail is required")
  .max(254, "E-mail is too long")
  .regex(EMAIL_PATTERN, "Enter a valid e-mail address")
  .transform((e) => e.toLowerCase());

export const passwordSchema = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200, "Password must be at most 200 characters");

const name = (label: string) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(100, `${label} must be at most 100 characters`);

export const signUpSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    firstName: name("First name"),
    // The browser asks one "Display name" (as the profile does) and splits it on the first space,
    // so a one-word name has no last name.
    lastName: z.string({ error: "Last name must be text" }).trim().max(100, "Last name must be at most 100 characters").default(""),
  })
  .superRefine((v, ctx) => {
    const { problem } = passwordStrength(v.password, [v.firstName, v.lastName, v.email]);
    if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: PASSWORD_PROBLEM_MESSAGES[problem] });
  });

export const profileSchema = z.object({
  firstName: name("First name"),
  lastName: z.string({ error: "Last name is required" }).trim().max(100, "Last name must be at most 100 characters"),
});

export const tokenSchema = z.object({ token: z.string({ error: "Token is required" }).min(1, "Token is required").max(200) });
export const forgotPasswordSchema = z.object({ email: emailSchema });
export const resendVerificationSchema = z.object({ email: emailSchema });
export const resetPasswordSchema = z.object({ token: tokenSchema.shape.token, password: passwordSchema });

export const grantSchema = z.discriminatedUnion(
  "grant_type",
  [
    z.object({ grant_type: z.literal("password"), email: emailSchema, password: z.string({ error: "Password is required" }).min(1, "Password is required").max(200, "Password must be at most 200 characters") }),
    z.object({ grant_type: z.literal("refresh_token"), refresh_token: z.string({ error: "refresh_token is required" }).min(1, "refresh_token is required") }),
  ],
  { error: 'grant_type must be "password" or "refresh_token"' },
);

export const revokeSchema = z.object({ refresh_token: z.string({ error: "refresh_token is required" }).min(1, "refresh_token is required") });
