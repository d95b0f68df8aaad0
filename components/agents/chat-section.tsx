"use client";
import { useTranslations } from "next-intl";
import { TextAreaField } from "@/components/ui/field";
import { CheckboxField } from "./select-field";
import type { AgentFormState } from "./use-agent-form";

/** The agent form's "Chat" section: the entry message (on by default; empty text: the default) and answers aloud. */
export function ChatSection({ form: { values, set, err } }: { form: AgentFormState }) {
  const t = useTranslations("agents.chat");
  const example = t("entryExample", { agent: values.name.trim() || "Cohost" });
  return (
    <>
      <CheckboxField label={t("entry")} hint={t("entryHint")} checked={values.chatEntryEnabled} onChange={(v) => set("chatEntryEnabled", v)} />
      {values.chatEntryEnabled && (
        <TextAreaField
          label={t("entryText")}
          hint={t("entryTextHint", { example })}
          rows={2}
          maxLength={500}
          placeholder={example}
          value={values.chatEntryText}
          onChange={(e) => set("chatEntryText", e.target.value)}
          error={err("chatEntryText")}
        />
      )}
      <CheckboxField label={t("aloud")} hint={t("aloudHint")} checked={values.chatAnswerAloud} onChange={(v) => set("chatAnswerAloud", v)} />
    </>
  );
}
