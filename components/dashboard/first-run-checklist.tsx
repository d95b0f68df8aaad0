"use client";
import { Check } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { apiFetch } from "@/lib/client/api";
import { useSubmit } from "@/lib/client/use-submit";
import type { Checklist, ChecklistStep } from "@/lib/onboarding/checklist";

const ACTION: Record<ChecklistStep, string> = {
  keys: "/agents/create",
  keyTested: "/agents",
  testRoom: "/agents",
  topUp: "/billing",
  calendar: "/calendar",
};

/** The dashboard's first-run checklist: each step ticks itself from the account's real data. */
export function FirstRunChecklist({ checklist, hasAgents, className }: { checklist: Checklist; hasAgents: boolean; className?: string }) {
  const t = useTranslations("onboarding");
  const headingId = useId();
  const [hidden, setHidden] = useState(false);
  const submit = useSubmit();
  if (hidden) return null;
  const done = checklist.steps.filter((s) => s.done).length;
  const total = checklist.steps.length;
  // The first open step is the one to do now.
  const next = checklist.steps.find((s) => !s.done)?.id;

  const hide = () =>
    submit.run(
      async () => {
        await apiFetch("/api/me/checklist/dismiss", { method: "POST" });
        setHidden(true);
      },
      { leaving: true },
    );

  return (
    <Card role="region" aria-labelledby={headingId} className={className}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold">
            {t("title")}
          </h2>
          <p className="text-sm text-[var(--text-muted)]">{t("progress", { done, total })}</p>
        </div>
        <Button variant="ghost" size="sm" onClick={() => void hide()} loading={submit.busy}>
          {t("hide")}
        </Button>
      </div>
      <div className="mt-3 h-1.5 overflow-hidden rounded-full bg-[var(--border)]" aria-hidden="true">
        <div className="h-full rounded-full bg-success" style={{ width: `${(done / total) * 100}%` }} />
      </div>
      <ol className="mt-4 grid grid-cols-1 gap-3 md:grid-cols-5">
        {checklist.steps.map((step, i) => (
          <li
            key={step.id}
            data-step={step.id}
            data-done={step.done}
            className={cn("flex gap-3 rounded-md border p-3 md:flex-col", step.id === next ? "border-primary" : "border-[var(--border)]")}
          >
            <span
              aria-hidden="true"
              className={cn(
                "flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-sm font-semibold",
                step.done ? "bg-success-strong text-white" : "border border-[var(--border)] text-[var(--text-muted)]",
              )}
            >
              {step.done ? <Check size={16} /> : i + 1}
            </span>
            <div className="min-w-0">
              <h3 className={cn("text-sm font-medium", step.done && "text-[var(--text-muted)] line-through")}>
                {t(`steps.${step.id}.title`)}
                {step.done && <span className="sr-only"> ({t("done")})</span>}
              </h3>
              {!step.done && (
                <>
                  {/* How to do it, for the step to do now; the others keep only their link. */}
                  {step.id === next && <p className="mt-1 text-sm text-[var(--text-muted)]">{t(`steps.${step.id}.text`)}</p>}
                  <Link
                    href={step.id === "keys" && hasAgents ? "/agents" : ACTION[step.id]}
                    className="mt-2 inline-block text-sm font-medium text-primary underline-offset-2 hover:underline dark:text-primary-light"
                  >
                    {t(step.id === "keys" && hasAgents ? "steps.keyTested.action" : `steps.${step.id}.action`)}
                  </Link>
                </>
              )}
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}
