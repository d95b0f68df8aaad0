"use client";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { apiBlob } from "@/lib/client/api";

/**
 * "Play a sample": the text-to-speech step speaks one short sentence with the chosen provider,
 * model, voice and key (typed, or the agent's stored one), through our server, so the user hears the
 * voice before a meeting does.
 */
export function VoicePreview({
  providerId,
  apiKey,
  agentId,
  keyOptional,
  extraParams,
  language,
  missingBaseUrl,
}: {
  providerId: string;
  apiKey: string;
  agentId?: string;
  keyOptional?: boolean;
  extraParams: Record<string, unknown> | null;
  language: string;
  missingBaseUrl?: boolean;
}) {
  const t = useTranslations("agents.preview");
  const [state, setState] = useState<{ status: "idle" | "loading" | "playing" } | { status: "error"; message: string }>({ status: "idle" });
  const audio = useRef<HTMLAudioElement | null>(null);
  const typed = apiKey.trim();

  // The sample stops when the form goes away.
  useEffect(() => () => audio.current?.pause(), []);

  const play = async () => {
    audio.current?.pause();
    if (missingBaseUrl) return setState({ status: "error", message: t("baseUrlFirst") });
    setState({ status: "loading" });
    try {
      const key = typed ? { apiKey: typed } : agentId ? { agentId } : { apiKey: "" };
      const blob = await apiBlob(`/api/providers/tts/${providerId}/preview`, { method: "POST", body: JSON.stringify({ ...key, extraParams: extraParams ?? {}, language }), fallback: t("failed") });
      const url = URL.createObjectURL(blob);
      const player = new Audio(url);
      audio.current = player;
      player.onended = () => {
        URL.revokeObjectURL(url);
        setState({ status: "idle" });
      };
      setState({ status: "playing" });
      await player.play();
    } catch (err) {
      setState({ status: "error", message: (err as Error).message });
    }
  };

  return (
    <div className="flex min-w-0 flex-wrap items-center gap-3">
      <Button size="sm" variant="secondary" disabled={!typed && !agentId && !keyOptional} loading={state.status === "loading"} onClick={play}>
        {state.status === "loading" ? t("loading") : t("play")}
      </Button>
      <span role="status" aria-live="polite" className={state.status === "error" ? "text-sm text-error-text" : "text-sm text-[var(--text-muted)]"}>
        {state.status === "playing" ? t("playing") : state.status === "error" ? state.message : ""}
      </span>
    </div>
  );
}
