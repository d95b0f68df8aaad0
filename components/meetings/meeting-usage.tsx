"use client";
import { useLocale, useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import { TableHead } from "@/components/ui/table-head";
import type { MeetingDetails } from "@/lib/client/use-meetings";
import { formatUsd } from "@/lib/shell/nav";

const TH = "py-1 pr-3 font-medium";

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : Math.round((sorted[mid - 1] + sorted[mid]) / 2);
}

/** What the meeting cost us (billed minutes), what it used of the user's own providers, and reply latency. */
export function MeetingUsage({ meeting }: { meeting: MeetingDetails }) {
  const t = useTranslations("meetings");
  const tKinds = useTranslations("agents.kinds");
  const locale = useLocale();
  const { usage, turns } = meeting;
  const ms = (v: number | null) => (v === null ? "–" : t("details.ms", { ms: v }));
  const v2v = median(turns.map((x) => x.voiceToVoiceMs).filter((x): x is number => x !== null));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card className="flex flex-col gap-3">
        <h2 className="font-semibold">{t("details.usage")}</h2>
        <p className="text-sm">
          {t("details.billedMinutes", { count: usage.billedMinutes })} · {formatUsd(usage.costUsd, locale)}
        </p>
        <h3 className="text-sm font-medium">{t("details.providerUsage")}</h3>
        {usage.providers.length === 0 ? (
          <p className="text-sm text-[var(--text-muted)]">{t("details.noProviderUsage")}</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {usage.providers.map((p) => (
              <li key={`${p.kind}:${p.providerId}:${p.model}`}>
                {/* What each row is for (speech-to-text, AI, voice), then which provider and model. */}
                <span className="font-medium">
                  {tKinds(p.kind)} · {p.providerId} · {p.model}
                </span>
                {": "}
                {p.kind === "stt"
                  ? t("details.audio", { seconds: p.audioSeconds })
                  : p.kind === "ai"
                    ? t("details.tokens", { input: p.inputTokens, output: p.outputTokens })
                    : t("details.characters", { count: p.characters })}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card className="flex flex-col gap-3">
        <h2 className="font-semibold">{t("details.latency")}</h2>
        {turns.length === 0 ? (
          <p className="text-sm text-[var(--text-muted)]">{t("details.noTurns")}</p>
        ) : (
          <>
            {v2v !== null && <p className="text-sm">{t("details.median", { ms: v2v, count: turns.length })}</p>}
            <div className="max-h-72 overflow-auto">
              <table className="w-full text-left text-sm">
                <TableHead
                  className="text-xs text-[var(--text-muted)]"
                  columns={[
                    [t("details.turn"), TH],
                    [t("details.voiceToVoice"), TH],
                    [t("details.transcriptDelay"), TH],
                    [t("details.firstToken"), TH],
                    [t("details.firstAudio"), TH],
                    [t("details.tools"), "py-1 font-medium"],
                  ]}
                />
                <tbody className="tabular-nums">
                  {turns.map((x, i) => (
                    <tr key={`${x.turnId}-${i}`} className="border-t border-[var(--border)]">
                      <td className="py-1 pr-3">
                        {x.turnId}
                        {x.interrupted && <span className="ml-1 text-xs text-[var(--text-muted)]">{t("details.interrupted")}</span>}
                      </td>
                      <td className="py-1 pr-3">{ms(x.voiceToVoiceMs)}</td>
                      <td className="py-1 pr-3">{ms(x.transcriptMs)}</td>
                      <td className="py-1 pr-3">{ms(x.llmFirstTokenMs)}</td>
                      <td className="py-1 pr-3">{ms(x.ttsFirstAudioMs)}</td>
                      <td className="py-1">{x.toolCalls ? t("details.toolsUsed", { count: x.toolCalls, ms: x.toolMs ?? 0 }) : "–"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </Card>
    </div>
  );
}
