import { clientIp } from "../http/client-ip.ts";
import { LIMITS, enforce } from "../http/rate-limit.ts";

/** Per-IP limit shared by every authentication endpoint (sign-up, tokens, resets, sign-in). */
export function limitAuthByIp(request: Request): Promise<void> {
  return enforce(`auth-ip:${clientIp(request)}`, LIMITS.authPerIp());
}
