/**
 * A provider's API host: PROVIDER_BASE_URL_<ID> (e.g. PROVIDER_BASE_URL_OPENAI) when set, which
 * points it elsewhere (tests, proxies), else `fallback`. No trailing slash.
 */
export function providerHost(providerId: string, fallback: string): string {
  const override = process.env[`PROVIDER_BASE_URL_${providerId.toUpperCase().replace(/[^A-Z0-9]/g, "_")}`];
  return (override || fallback).replace(/\/+$/, "");
}
