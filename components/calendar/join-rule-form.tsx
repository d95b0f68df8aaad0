"use client";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { SelectField } from "@/components/agents/select-field";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { issuesOf } from "@/lib/client/form-errors";
import { notifications } from "@/lib/client/notifications";
import type { UserCalendar, useCalendars } from "@/lib/client/use-calendar";
import { useSubmit } from "@/lib/client/use-submit";

type Store = ReturnType<typeof useCalendars>;
const RULES = ["all", "organized", "accepted", "keyword"] as const;

/**
 * Which meetings the agent joins from a connected calendar (issue 28): every event with a link, only
 * the ones the owner organises, only the ones they accepted, or only titles with a word. Saved with
 * PATCH /api/calendars/{id}; the calendar's events follow at the import it queues.
 */
export function JoinRuleForm({ store, calendar }: { store: Store; calendar: UserCalendar }) {
  const t = useTranslations("calendar.sources.joinRule");
  const saved = calendar.connection!;
  const [rule, setRule] = useState<string>(saved.joinRule);
  const [keyword, setKeyword] = useState(saved.joinKeyword ?? "");
  const form = useSubmit<"joinKeyword" | "joinRule">();
  const changed = rule !== saved.joinRule || (rule === "keyword" && keyword.trim() !== (saved.joinKeyword ?? ""));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.run(
      async () => {
        const fresh = await store.setJoinRule(calendar.id, { joinRule: rule, joinKeyword: rule === "keyword" ? keyword.trim() : null });
        notifications.add({ type: fresh.error ? "warning" : "success", message: fresh.error ?? t("saved", { name: calendar.name }) });
      },
      {
        failure: (err) => {
          const issue = issuesOf(err)[0];
          return issue?.path === "joinKeyword" || issue?.path === "joinRule" ? { [issue.path]: issue.message } : undefined;
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t("label", { name: calendar.name })} className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-end">
      <SelectField label={t("title")} value={rule} onChange={(e) => setRule(e.target.value)} error={form.errors.joinRule} className="sm:w-64">
        {RULES.map((r) => (
          <option key={r} value={r}>
            {t(`rules.${r}`)}
          </option>
        ))}
      </SelectField>
      {rule === "keyword" && (
        <TextField label={t("keyword")} value={keyword} maxLength={100} onChange={(e) => setKeyword(e.target.value)} error={form.errors.joinKeyword} hint={t("keywordHint")} required className="sm:w-56" />
      )}
      <Button type="submit" size="sm" variant="secondary" className="w-fit" loading={form.busy} disabled={!changed}>
        {t("save")}
      </Button>
    </form>
  );
}
