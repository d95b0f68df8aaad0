"use client";
import { useTranslations } from "next-intl";

const RULES = ["nobody_joined", "alone", "silence", "max_duration", "waiting_room"] as const;
type Rule = (typeof RULES)[number];

/** What the run writes when a leaving rule ends the bot's time (lib/bots/run/leave-rules.ts `ruleEnd`; the waiting room's: join-flow.ts). */
function ruleOf(data: unknown): { rule: Rule; limitSeconds: number } | null {
  const d = data as { rule?: unknown; limitSeconds?: unknown } | null;
  return d && RULES.includes(d.rule as Rule) && typeof d.limitSeconds === "number" ? { rule: d.rule as Rule, limitSeconds: d.limitSeconds } : null;
}

/** "Leaving rule: alone (60 seconds), set on the agent." under a leave a rule decided, on the timeline. */
export function LeaveRuleLine({ data }: { data: unknown }) {
  const t = useTranslations("meetings");
  const fired = ruleOf(data);
  if (!fired) return null;
  const { rule, limitSeconds } = fired;
  const limit = limitSeconds < 120 || limitSeconds % 60 !== 0 ? t("leaveRules.seconds", { count: limitSeconds }) : t("leaveRules.minutes", { count: limitSeconds / 60 });
  return <p className="text-[var(--text-muted)]">{t("details.leaveRule", { rule: t(`leaveRules.${rule}`), limit })}</p>;
}
