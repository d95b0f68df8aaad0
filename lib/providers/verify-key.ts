import { lookup } from "node:dns/promises";
import net from "node:net";
import type { ProviderKind } from "./catalogue.ts";

export type KeyStatus = "valid" | "invalid" | "unreachable";

// The cheapest authenticated call per provider. Hosts can be redirected for tests or proxies with
// PROVIDER_BASE_URL_<ID> (e.g. PROVIDER_BASE_URL_OPENAI=http://127.0.0.1:9000).
interface Probe {
  base: string;
  path: (key: string) => string;
  headers: (key: string) => Record<string, string>;
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const PROBES: Record<string, Probe> = {
  deepgram: { base: "https://api.deepgram.com", path: () => "/v1/projects", headers: (k) => ({ authorization: `Token ${k}` }) },
  assemblyai: { base: "https://api.assemblyai.com", path: () => "/v2/transcript?limit=1", headers: (k) => ({ authorization: k }) },
  openai: { base: "https://api.openai.com", path: () => "/v1/models", headers: bearer },
  anthropic: { base: "https://api.anthropic.com", path: () => "/v1/models", headers: (k) => ({ "x-api-key": k, "anthropic-version": "2023-06-01" }) },
  gemini: { base: "https://generativelanguage.googleapis.com", path: (k) => `/v1beta/models?key=${encodeURIComponent(k)}`, headers: () => ({}) },
  groq: { base: "https://api.groq.com", path: () => "/openai/v1/models", headers: bearer },
  elevenlabs: { base: "https://api.elevenlabs.io", path: () => "/v1/user", headers: (k) => ({ "xi-api-key": k }) },
  cartesia: { base: "https://api.cartesia.ai", path: () => "/voices", headers: (k) => ({ "x-api-key": k, "cartesia-version": "2024-11-13" }) },
};

function baseFor(providerId: string, fallback: string): string {
  const env = process.env[`PROVIDER_BASE_URL_${providerId.toUpperCase().replace(/-/g, "_")}`];
  return (env || fallback).replace(/\/$/, "");
}

/** User-supplied base URLs must not reach our own network in production (SSRF). */
async function assertPublicUrl(url: URL): Promise<void> {
  if (process.env.ALLOW_PRIVATE_PROVIDER_URLS === "1") return;
  const addresses = net.isIP(url.hostname) ? [url.hostname] : (await lookup(url.hostname, { all: true })).map((a) => a.address);
  const isPrivate = (ip: string) =>
    /^(127\.|10\.|192\.168\.|169\.254\.|0\.)/.test(ip) || /^172\.(1[6-9]|2\d|3[01])\./.test(ip) || ip === "::1" || /^f[cd]/i.test(ip) || /^fe80/i.test(ip);
  if (addresses.some(isPrivate)) throw new Error("private address");
}

export async function verifyProviderKey(
  kind: ProviderKind,
  providerId: string,
  apiKey: string,
  extraParams: Record<string, unknown> = {},
): Promise<{ status: KeyStatus; message: string }> {
  let url: URL;
  let headers: Record<string, string>;
  if (providerId === "openai-compatible") {
    const base = String(extraParams.baseUrl ?? "");
    if (!/^https?:\/\//.test(base)) return { status: "invalid", message: "Set baseUrl in the extra parameters to an http(s) URL" };
    url = new URL(`${base.replace(/\/$/, "")}/models`);
    headers = bearer(apiKey);
    try {
      await assertPublicUrl(url);
    } catch {
      return { status: "unreachable", message: "That base URL points to a private network address" };
    }
  } else {
    const probe = PROBES[providerId];
    if (!probe) return { status: "unreachable", message: "This provider cannot be checked" };
    url = new URL(`${baseFor(providerId, probe.base)}${probe.path(apiKey)}`);
    headers = probe.headers(apiKey);
  }
  const timeoutMs = Number(process.env.PROVIDER_VERIFY_TIMEOUT_MS || 10_000);
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs), redirect: "error" });
    await res.body?.cancel();
    if (res.ok) return { status: "valid", message: "The key works" };
    if (res.status === 401 || res.status === 403 || (providerId === "gemini" && res.status === 400)) {
      return { status: "invalid", message: "The provider rejected this key" };
    }
    return { status: "unreachable", message: `The provider answered with an error (${res.status}); try again later` };
  } catch (err) {
    const timedOut = (err as Error).name === "TimeoutError";
    return { status: "unreachable", message: timedOut ? "The provider did not answer within 10 seconds" : "Could not reach the provider" };
  }
}
