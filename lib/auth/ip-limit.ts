import { clientIp } from "../rate-limit/client-ip.ts";
import { LIMITS, enforce } from "../rate-limit/rate-limit.ts";

/** Per-IP limit shared by every authentication endpoint (sign-up, tokens, resets, sign-in). */
export function limitAuthByIp(request: Request): Promise<void> {
  return enforce(`auth-ip:${clientIp(request)}`, LIMITS.authPerIp());
}
