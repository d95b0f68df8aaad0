"use client";
import { useTranslations } from "next-intl";

// Chromium's network errors a bot meets while opening a meeting, by what they mean for the user.
const NETWORK: [RegExp, string][] = [
  [/^ERR_NAME_NOT_RESOLVED$|^ERR_NAME_RESOLUTION_FAILED$/, "dns"],
  [/^ERR_CONNECTION_(REFUSED|RESET|CLOSED)$|^ERR_EMPTY_RESPONSE$/, "refused"],
  [/^ERR_(CONNECTION_)?TIMED_OUT$/, "timeout"],
  [/^ERR_INTERNET_DISCONNECTED$|^ERR_NETWORK_CHANGED$|^ERR_ADDRESS_UNREACHABLE$/, "offline"],
  [/^ERR_CERT_|^ERR_SSL_/, "certificate"],
];

/**
 * `(timeline data) => words`: what the bot saw when it failed, from the data it attached to the
 * failing step: a browser error ("net::ERR_NAME_NOT_RESOLVED" → the address does not exist), the
 * adapter's own detail, or the provider that refused. Null when there is nothing to add.
 */
export function useFailureCause() {
  const t = useTranslations("meetings.causes");
  return (data: unknown): string | null => {
    if (!data || typeof data !== "object") return null;
    const d = data as { detail?: unknown; kind?: unknown; provider?: unknown; message?: unknown };
    if (typeof d.provider === "string" && (d.kind === "stt" || d.kind === "ai" || d.kind === "tts")) {
      return t("provider", { provider: d.provider, kind: t(`kinds.${d.kind}`), message: typeof d.message === "string" ? d.message : "" });
    }
    if (typeof d.detail !== "string" || !d.detail.trim()) return null;
    const code = /net::(ERR_[A-Z0-9_]+)/.exec(d.detail)?.[1];
    if (code) return t(NETWORK.find(([pattern]) => pattern.test(code))?.[1] ?? "network", { code });
    return t("detail", { detail: d.detail.trim() });
  };
}
