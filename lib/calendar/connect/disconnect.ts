import { decryptSecret } from "../../crypto/secrets.ts";
import { db } from "../../db/client.ts";
import { errorText, log } from "../../log.ts";
import { revokeGrant } from "./oauth.ts";
import { providerConfig, type ConnectProvider } from "./providers.ts";
import { stopPush } from "./push-channel.ts";

/**
 * Before a connected calendar is removed: its push channel is stopped and the grant is revoked at
 * the provider (Google's revocation endpoint ends the whole grant; Microsoft has no revocation of one
 * app's grant, so its tokens are only deleted: the user removes the app at myapps.microsoft.com or
 * account.live.com). A provider that does not answer does not keep the user from disconnecting.
 */
export async function releaseConnection(userId: string, calendarId: string): Promise<void> {
  const conn = await db.calendarConnection.findFirst({ where: { calendarId, userId } });
  if (!conn) return;
  const cfg = providerConfig(conn.provider as ConnectProvider);
  if (!cfg) return;
  await stopPush(cfg, conn).catch((err) => log({ event: "calendar_push_stop_failed", level: "warn", calendarId, error: errorText(err) }));
  const token = conn.refreshTokenEnc ?? conn.accessTokenEnc;
  try {
    await revokeGrant(cfg, decryptSecret(token));
  } catch (err) {
    log({ event: "calendar_revoke_failed", level: "warn", calendarId, userId, error: errorText(err) });
  }
}
