import dns from "node:dns";
import net from "node:net";

// SSRF guard for user-given URLs (provider base URLs, tool servers, webhooks, subscribed calendars):
// they must not reach loopback, private, link-local or otherwise internal addresses, unless the
// operator allows it (private-urls.ts). Outbound requests apply it through lib/net's pool.
const BLOCKED = new net.BlockList();
for (const [net4, prefix] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12],
  ["192.0.0.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["224.0.0.0", 4], ["240.0.0.0", 4],
] as const) BLOCKED.addSubnet(net4, prefix, "ipv4");
for (const [net6, prefix] of [["::", 128], ["::1", 128], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8], ["64:ff9b::", 96]] as const) {
  BLOCKED.addSubnet(net6, prefix, "ipv6");
}

/** True for addresses inside our own network or host (IPv4-mapped IPv6 included). */
export function isPrivateAddress(ip: string): boolean {
  const family = net.isIP(ip);
  if (family === 0) return false;
  return BLOCKED.check(ip, family === 4 ? "ipv4" : "ipv6");
}

/** A hostname that is private without asking DNS: an internal IP literal or a localhost name. */
export function isPrivateHostname(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return host === "localhost" || host.endsWith(".localhost") || isPrivateAddress(host);
}

export class PrivateAddressError extends Error {
  readonly code = "EPRIVATEADDRESS";
}

/**
 * A `lookup` for node:http(s) that refuses private addresses at connection time, so a name that
 * resolves differently on a second lookup (DNS rebinding) cannot slip through.
 */
export const guardedLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, "", 0);
    if (addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address))) {
      return callback(new PrivateAddressError(`${hostname} resolves to a private address`), "", 0);
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0].address, addresses[0].family);
  });
};
