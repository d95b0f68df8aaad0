"use client";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import type { Agent } from "@/lib/client/use-agents";
import type { ProviderKind } from "@/lib/providers/catalogue";

/**
 * What stands between an agent and a meeting on the key side: steps without a key ("Needs keys",
 * with a link to add them), stored keys a provider refused at the last Test key or meeting, and
 * stored keys no Test key has passed yet (a quieter hint).
 */
export function KeyStatus({ agent, providerName }: { agent: Agent; providerName: (kind: ProviderKind, id: string) => string }) {
  const t = useTranslations("agents.keys");
  const tk = useTranslations("agents.kinds");
  const format = useFormatter();
  const step = (kind: ProviderKind) => t("step", { provider: providerName(kind, agent[`${kind}ProviderId`]), kind: tk(kind) });
  if (agent.missingKeys.length === 0 && agent.keyProblems.length === 0) return agent.untestedKeys.length > 0 ? <UntestedKeys agent={agent} step={step} /> : null;
  return (
    <div className="flex flex-col gap-1 rounded-md bg-warning-bg px-3 py-2 text-sm text-[#5c4400]">
      {agent.missingKeys.length > 0 && (
        <p>
          {t("missing", { count: agent.missingKeys.length, steps: format.list(agent.missingKeys.map(step), { type: "conjunction" }) })}{" "}
          <Link href={`/agents/${agent.id}/edit`} className="font-medium underline" aria-label={t("addLabel", { name: agent.name })}>
            {t("add")}
          </Link>
        </p>
      )}
      {agent.keyProblems.map((p) => (
        <p key={p.kind}>
          {t(p.source === "test" ? "rejectedTest" : "rejectedMeeting", {
            step: step(p.kind),
            when: format.dateTime(new Date(p.at), { dateStyle: "medium" }),
          })}
        </p>
      ))}
      {agent.untestedKeys.length > 0 && <UntestedKeys agent={agent} step={step} />}
    </div>
  );
}

/** Keys saved without a Test key that passed: a hint, not a warning (they may well work). */
function UntestedKeys({ agent, step }: { agent: Agent; step: (kind: ProviderKind) => string }) {
  const t = useTranslations("agents.keys");
  const format = useFormatter();
  return (
    <p className="text-sm text-[var(--text-muted)]">
      {t("untested", { count: agent.untestedKeys.length, steps: format.list(agent.untestedKeys.map(step), { type: "conjunction" }) })}{" "}
      <Link href={`/agents/${agent.id}/edit`} className="font-medium underline" aria-label={t("testLabel", { name: agent.name })}>
        {t("test")}
      </Link>
    </p>
  );
}
