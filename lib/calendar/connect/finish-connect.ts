import { appUrl } from "../../config.ts";
import { encryptSecret } from "../../crypto/secrets.ts";
import { db } from "../../db/client.ts";
import { AppError } from "../../errors/app-error.ts";
import { errorText, log } from "../../log.ts";
import { assertRoom } from "../add-calendar.ts";
import { requestImport } from "../request-import.ts";
import { exchangeCode } from "./oauth.ts";
import { isConnectProvider, providerConfig } from "./providers.ts";
import { readPending, redirectUri, withProblem } from "./start-connect.ts";
import { PROVIDER_NAMES } from "./sync-connection.ts";

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

// The provider's redirect back: the state checked against the user's own pending connect, the code
// exchanged with the PKCE verifier, the tokens stored encrypted, and the first (full) sync asked of
// the jobs process. A reconnect of the same agent and provider replaces the broken grant in place,
// so the calendar and its events stay.

export async function finishConnect(userId: string, provider: string, request: Request): Promise<string> {
  if (!isConnectProvider(provider)) throw new AppError("not_found", "Unknown calendar provider");
  const url = new URL(request.url);
  const pending = readPending(request.headers.get("cookie"));
  if (!pending || pending.userId !== userId || pending.provider !== provider) return withProblem("/calendar", "The connection was not started from this session, or took too long. Try again.");
  const name = PROVIDER_NAMES[pending.provider];
  const denied = url.searchParams.get("error");
  if (denied) return withProblem(pending.back, denied === "access_denied" ? `${name} did not give access: the consent was declined.` : `${name} answered: ${denied}`);
  const cfg = providerConfig(pending.provider);
  if (!cfg) return withProblem(pending.back, `The operator of this Cohost has not set up ${name} calendars`);
  // Under our own address, whatever host the request came in on (a proxy): the one registered.
  const callback = new URL(`${appUrl()}${url.pathname}${url.search}`);
  let tokens;
  try {
    tokens = await exchangeCode(cfg, callback, pending.state, pending.verifier, redirectUri(pending.provider));
  } catch (err) {
    log({ event: "calendar_connect_failed", level: "warn", userId, provider, error: errorText(err) });
    return withProblem(pending.back, `Could not connect the ${name} calendar: ${messageOf(err)}`);
  }
  const secrets = {
    accessTokenEnc: encryptSecret(tokens.accessToken),
    refreshTokenEnc: tokens.refreshToken ? encryptSecret(tokens.refreshToken) : null,
    accessTokenExpiresAt: tokens.expiresAt,
    scope: tokens.scope,
  };
  const broken = await db.calendarConnection.findFirst({ where: { userId, provider: pending.provider, reconnectReason: { not: null }, calendar: { agentId: pending.agentId } }, select: { id: true, calendarId: true } });
  if (!broken) {
    try {
      await assertRoom(userId);
    } catch (err) {
      return withProblem(pending.back, messageOf(err));
    }
  }
  await db.$transaction(async (tx) => {
    let calendarId = broken?.calendarId;
    if (broken) {
      await tx.calendarConnection.update({ where: { id: broken.id }, data: { ...secrets, reconnectReason: null, reconnectMailedAt: null } });
      await tx.calendar.update({ where: { id: broken.calendarId }, data: { syncError: null } });
    } else {
      const calendar = await tx.calendar.create({ data: { userId, agentId: pending.agentId, name: `${name} Calendar`, source: pending.provider, lastAttemptAt: new Date() }, select: { id: true } });
      calendarId = calendar.id;
      await tx.calendarConnection.create({ data: { userId, calendarId, provider: pending.provider, ...secrets } });
    }
    await requestImport(tx, calendarId!);
  });
  log({ event: "calendar_connected", userId, provider, reconnect: Boolean(broken) });
  return `${appUrl()}${pending.back}?connected=${pending.provider}`;
}
