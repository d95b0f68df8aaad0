import { z } from "zod";

// STUN/TURN servers handed to every participant's browser (ROOM_ICE_SERVERS, a JSON array of
// RTCIceServer). None by default: host candidates connect browsers on one machine or LAN.
const iceUrl = z.string().regex(/^(stun|stuns|turn|turns):\S+$/, "ICE server URLs start with stun:, stuns:, turn: or turns:");
const iceServer = z.object({
  urls: z.union([iceUrl, z.array(iceUrl).min(1)]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServer>;

/** The configured ICE servers; a malformed setting is an operator error and says what is wrong. */
export function roomIceServers(env: Record<string, string | undefined> = process.env): IceServer[] {
  const raw = env.ROOM_ICE_SERVERS?.trim();
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new Error("ROOM_ICE_SERVERS is not valid JSON (expected e.g. [{\"urls\":\"stun:stun.example.com:3478\"}])");
  }
  const result = z.array(iceServer).safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`ROOM_ICE_SERVERS is not a list of ICE servers: ${issue.path.join(".") || "value"}: ${issue.message}`);
  }
  return result.data;
}
