import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Sent } from "../contract/sent.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors/app-error.ts";
import { ACCESS_TOKEN_TTL_SECONDS, issueAccessToken } from "./access-token.ts";
import { randomToken, sha256 } from "../crypto/random-token.ts";

const REFRESH_TTL_MS = 30 * 24 * 3600 * 1000;

/** What the token endpoint answers (OAuth2's token response). */
export const tokenResponse = z
  .object({ access_token: z.string(), refresh_token: z.string(), token_type: z.literal("bearer"), expires_in: z.int(), expires_at: z.int().meta({ description: "Epoch seconds" }) })
  .meta({ id: "TokenResponse" });
export type TokenResponse = Sent<typeof tokenResponse>;

const invalidGrant = () => new AppError("invalid_grant", "The refresh token is invalid, expired or revoked. Please sign in again.");

async function storeRefreshToken(userId: string, familyId: string): Promise<{ id: string; raw: string }> {
  const raw = randomToken();
  const row = await db.refreshToken.create({
    data: { userId, familyId, tokenHash: sha256(raw), expiresAt: new Date(Date.now() + REFRESH_TTL_MS) },
  });
  return { id: row.id, raw };
}

function response(userId: string, sessionVersion: number, refreshToken: string): TokenResponse {
  const { token, expiresAt } = issueAccessToken(userId, sessionVersion);
  return { access_token: token, refresh_token: refreshToken, token_type: "bearer", expires_in: ACCESS_TOKEN_TTL_SECONDS, expires_at: expiresAt };
}

/**
 * A new session for a non-browser client: access token + the first refresh token of a new family,
 * under the user's current session generation (lib/auth/session-version.ts).
 */
export async function issueTokens(userId: string): Promise<TokenResponse> {
  const { sessionVersion } = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { sessionVersion: true } });
  const { raw } = await storeRefreshToken(userId, randomUUID());
  return response(userId, sessionVersion, raw);
}

/**
 * Rotates a refresh token. Presenting one that was already rotated or revoked means it leaked (or a
 * client replayed it): the whole family is revoked and the caller must sign in again.
 */
export async function rotateRefreshToken(raw: string): Promise<TokenResponse> {
  const current = await db.refreshToken.findUnique({
    where: { tokenHash: sha256(raw) },
    include: { user: { select: { sessionVersion: true } } },
  });
  if (!current) throw invalidGrant();
  if (current.revokedAt || current.expiresAt <= new Date()) {
    if (current.revokedAt) await revokeFamily(current.familyId);
    throw invalidGrant();
  }
  const next = await storeRefreshToken(current.userId, current.familyId);
  // Claim the old token atomically: of two concurrent rotations only one wins.
  const claimed = await db.refreshToken.updateMany({
    where: { id: current.id, revokedAt: null },
    data: { revokedAt: new Date(), replacedById: next.id },
  });
  if (claimed.count === 0) {
    await revokeFamily(current.familyId);
    throw invalidGrant();
  }
  return response(current.userId, current.user.sessionVersion, next.raw);
}

export async function revokeRefreshToken(raw: string): Promise<void> {
  const row = await db.refreshToken.findUnique({ where: { tokenHash: sha256(raw) } });
  if (row) await revokeFamily(row.familyId);
}

export async function revokeFamily(familyId: string): Promise<void> {
  await db.refreshToken.updateMany({ where: { familyId, revokedAt: null }, data: { revokedAt: new Date() } });
}

export async function revokeAllForUser(userId: string): Promise<void> {
  await db.refreshToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } });
}
