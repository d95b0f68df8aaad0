import { z } from "zod";
import { emailSchema, passwordSchema } from "../auth/schema.ts";

const currentPassword = z.string({ error: "Enter your current password" }).min(1, "Enter your current password").max(200, "Password must be at most 200 characters");

export const changePasswordSchema = z.object({ currentPassword, newPassword: passwordSchema });

export const changeEmailSchema = z.object({ email: emailSchema, currentPassword });

export const deleteAccountSchema = z.object({
  confirmation: z.string({ error: "Type your e-mail address to confirm" }).trim().max(254, "Type your e-mail address to confirm"),
  // Accounts that sign in with Google only have no password to give.
  currentPassword: currentPassword.optional(),
});
