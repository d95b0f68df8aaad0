"use client";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import type { Agent } from "@/lib/client/use-agents";
import type { ProviderKind } from "@/lib/providers/catalogue";

/**
 * What stands between an agent and a meeting on the key side: steps without a key ("Needs keys",
 * with a link to add them) and stored keys a provider refused at the last Test key or meeting.
 */
export function KeyStatus({ agent, providerName }: { agent: Agent; providerName: (kind: ProviderKind, id: string) => string }) {
  const t = useTranslations("agents.keys");
  const tk = useTranslations("agents.kinds");
  const format = useFormatter();
  const step = (kind: ProviderKind) => t("step", { provider: providerName(kind, agent[`${kind}ProviderId`]), kind: tk(kind) });
  if (agent.missingKeys.length === 0 && agent.keyProblems.length === 0) return null;
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
    </div>
  );
}
