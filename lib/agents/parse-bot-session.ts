import { z } from "zod";
import { AppError } from "../errors/app-error.ts";
import { BOT_SESSION_PROVIDERS, keepProviderOnly, type BotSessionProvider, type BotStorageState } from "./bot-session-scope.ts";

// Reading an uploaded browser session (a Playwright storageState file) for a signed-in bot:
// its shape, only the provider's own cookies and origins, a size cap, and not expired already.

/** The largest session file accepted: a signed-in Google or Microsoft state is some tens of kB. */
export const MAX_BOT_SESSION_CHARS = 256_000;

export const botSessionInputSchema = z.object({
  provider: z.enum(BOT_SESSION_PROVIDERS, { error: "Choose Google or Microsoft" }),
  label: z
    .string({ error: "Give the account's name" })
    .trim()
    .min(1, "Give the account's name as meetings show it")
    .max(200, "The account's name must be at most 200 characters")
    .meta({ description: "The account's name as meetings show it: the bot recognises itself by it in the roster and the chat" }),
  state: z.string({ error: "Choose the session file" }).min(1, "Choose the session file").max(MAX_BOT_SESSION_CHARS, "The session file is too large (at most 250 kB)"),
});

const cookie = z.object({
  name: z.string().min(1).max(4096),
  value: z.string().max(16_384),
  domain: z.string().min(1).max(253),
  path: z.string().max(2048).default("/"),
  expires: z.number().default(-1),
  httpOnly: z.boolean().default(false),
  secure: z.boolean().default(false),
  sameSite: z.enum(["Strict", "Lax", "None"]).default("Lax"),
});
const storageState = z.object({
  cookies: z.array(cookie).max(2_000),
  origins: z.array(z.object({ origin: z.string().max(2048), localStorage: z.array(z.object({ name: z.string(), value: z.string() })).max(2_000) })).max(200).default([]),
});

const NAMES: Record<BotSessionProvider, string> = { google: "Google", microsoft: "Microsoft" };

export interface ParsedBotSession {
  state: BotStorageState;
  /** The latest cookie expiry; null when every cookie lasts the browser session only. */
  expiresAt: Date | null;
}

const invalid = (message: string) => new AppError("validation_error", message, { issues: [{ path: "state", message }] });

/** The provider's part of an uploaded session file, or a validation error that says what is wrong. */
export function parseBotSession(provider: BotSessionProvider, text: string, now = new Date()): ParsedBotSession {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw invalid("This file is not a browser session: it is not JSON. Save it with npm run bot:session (or playwright codegen --save-storage).");
  }
  const parsed = storageState.safeParse(raw);
  if (!parsed.success) throw invalid("This file is not a browser session: it needs the \"cookies\" and \"origins\" a Playwright storage state has.");
  const state = keepProviderOnly(provider, parsed.data);
  if (state.cookies.length === 0) throw invalid(`The file has no ${NAMES[provider]} sign-in cookies. Sign the bot's ${NAMES[provider]} account in before saving the session.`);
  const latest = Math.max(...state.cookies.map((c) => c.expires));
  const expiresAt = latest > 0 ? new Date(latest * 1000) : null;
  if (expiresAt && expiresAt <= now) throw invalid("The session in this file has expired. Sign the bot in again and save a new file.");
  return { state, expiresAt };
}
