import type { CalendarConnection } from "../../generated/prisma/client.ts";
import { decryptSecret, encryptSecret } from "../../crypto/secrets.ts";
import { db } from "../../db/client.ts";
import { GrantRevokedError, refreshTokens } from "./oauth.ts";
import type { ProviderConfig } from "./providers.ts";

/** Refreshed this long before it expires, so a token never runs out in the middle of a sync. */
const REFRESH_MARGIN_MS = 5 * 60_000;

/**
 * The connection's access token, refreshed first when it is about to expire (the new refresh token
 * kept when the provider rotates it). `force` refreshes even a fresh one (after a 401).
 */
export async function accessToken(cfg: ProviderConfig, conn: CalendarConnection, force = false): Promise<string> {
  if (!force && conn.accessTokenExpiresAt.getTime() - REFRESH_MARGIN_MS > Date.now()) return decryptSecret(conn.accessTokenEnc);
  if (!conn.refreshTokenEnc) throw new GrantRevokedError("the provider gave no refresh token");
  let tokens;
  try {
    tokens = await refreshTokens(cfg, decryptSecret(conn.refreshTokenEnc));
  } catch (err) {
    // Another sync (the schedule beside a notification's job) may have refreshed first and rotated
    // the refresh token: its tokens are good, and the grant is not lost.
    const now = err instanceof GrantRevokedError ? await db.calendarConnection.findUnique({ where: { id: conn.id } }) : null;
    if (!now || now.refreshTokenEnc === conn.refreshTokenEnc || now.accessTokenExpiresAt.getTime() - REFRESH_MARGIN_MS <= Date.now()) throw err;
    Object.assign(conn, now);
    return decryptSecret(now.accessTokenEnc);
  }
  const data = {
    accessTokenEnc: encryptSecret(tokens.accessToken),
    refreshTokenEnc: tokens.refreshToken ? encryptSecret(tokens.refreshToken) : conn.refreshTokenEnc,
    accessTokenExpiresAt: tokens.expiresAt,
  };
  await db.calendarConnection.update({ where: { id: conn.id }, data });
  Object.assign(conn, data);
  return tokens.accessToken;
}
