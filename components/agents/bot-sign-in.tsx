"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useState, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { Field, TextField } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { issuesFor, messageOf } from "@/lib/client/form-errors";
import { notifications } from "@/lib/client/notifications";
import { useAgents, type Agent } from "@/lib/client/use-agents";
import { useSubmit } from "@/lib/client/use-submit";
import { SelectField } from "./select-field";

type Provider = "google" | "microsoft";
type Field = "provider" | "label" | "state";
const FIELDS: Field[] = ["provider", "label", "state"];

/**
 * The agent form's "Signed-in bot" section (issue 27, docs/platforms.md "Signed-in bots"): which
 * account the bot is signed in as and until when, "Sign in again" when the session expired or a
 * meeting found it signed out, and uploading (or replacing) and removing the session file. It acts
 * on its own (its own requests), not through the agent form's Save; a new agent is saved first.
 */
export function BotSignIn({ agent }: { agent?: Agent }) {
  const t = useTranslations("agents.botSession");
  if (!agent) return <p className="text-sm text-[var(--text-muted)]">{t("saveFirst")}</p>;
  return <StoredSession agent={agent} />;
}

function StoredSession({ agent }: { agent: Agent }) {
  const t = useTranslations("agents.botSession");
  const format = useFormatter();
  const agents = useAgents();
  const removal = useSubmit({ errors: "inline" });
  const [uploading, setUploading] = useState(false);
  const session = agent.botSession;
  const day = (iso: string | Date) => format.dateTime(new Date(iso), { dateStyle: "medium" });
  const remove = () =>
    void removal.run(async () => {
      await agents.signOutBot(agent.id);
      notifications.add({ type: "success", message: t("removed") });
    });

  if (!session || uploading) {
    return <UploadSession agent={agent} onDone={() => setUploading(false)} onCancel={session ? () => setUploading(false) : undefined} />;
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm" data-testid="bot-session">
        {t("signedInAs", { label: session.label, provider: t(`providers.${session.provider}`) })}
        <br />
        <span className="text-[var(--text-muted)]">
          {t("saved", { date: day(session.uploadedAt) })} · {session.expiresAt ? t("expires", { date: day(session.expiresAt) }) : t("noExpiry")}
        </span>
      </p>
      {session.signInAgain && (
        <p role="alert" className="rounded-md bg-error/10 px-3 py-2 text-sm text-error-text">
          {t("expired")}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant={session.signInAgain ? "primary" : "secondary"} onClick={() => setUploading(true)}>
          {session.signInAgain ? t("signInAgain") : t("replace")}
        </Button>
        <Button type="button" variant="secondary" loading={removal.busy} onClick={remove}>
          {t("remove")}
        </Button>
      </div>
      <FormAlert message={removal.errors.form} />
    </div>
  );
}

/** Choosing the provider, the account's name and the session file, then "Sign the bot in". */
function UploadSession({ agent, onDone, onCancel }: { agent: Agent; onDone: () => void; onCancel?: () => void }) {
  const t = useTranslations("agents.botSession");
  const agents = useAgents();
  const form = useSubmit<Field>({ errors: "inline" });
  const [provider, setProvider] = useState<Provider>(agent.botSession?.provider ?? (agent.meetingPlatform === "teams" ? "microsoft" : "google"));
  const [label, setLabel] = useState(agent.botSession?.label ?? "");
  const [file, setFile] = useState<File | null>(null);

  const submit = () => {
    if (!form.check({ label: label.trim() ? undefined : t("labelRequired"), state: file ? undefined : t("fileRequired") }) || !file) return;
    void form.run(
      async () => {
        await agents.signInBot(agent.id, { provider, label: label.trim(), state: await file.text() });
        notifications.add({ type: "success", message: t("savedToast", { label: label.trim() }) });
        onDone();
      },
      { failure: (err) => issuesFor(err, FIELDS) ?? messageOf(err) },
    );
  };
  // Enter in a field signs the bot in, not the agent form around it.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== "Enter") return;
    e.preventDefault();
    submit();
  };

  return (
    <div className="flex flex-col gap-3" onKeyDown={onKeyDown}>
      <div className="grid gap-3 md:grid-cols-2">
        <SelectField label={t("provider")} value={provider} onChange={(e) => setProvider(e.target.value as Provider)} error={form.errors.provider}>
          <option value="google">{t("providers.google")}</option>
          <option value="microsoft">{t("providers.microsoft")}</option>
        </SelectField>
        <TextField label={t("label")} hint={t("labelHint")} value={label} maxLength={200} autoComplete="off" onChange={(e) => setLabel(e.target.value)} error={form.errors.label} />
      </div>
      <Field
        label={t("file")}
        hint={t("fileHint")}
        error={form.errors.state}
        control={(p) => (
          <input
            {...p}
            type="file"
            accept="application/json,.json"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              form.clear("state");
            }}
          />
        )}
      />
      <p className="text-xs text-[var(--text-muted)]">{t("dedicated")}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" loading={form.busy} onClick={submit}>
          {t("signIn")}
        </Button>
        {onCancel && (
          <Button type="button" variant="secondary" onClick={onCancel}>
            {t("cancel")}
          </Button>
        )}
      </div>
      <FormAlert message={form.errors.form} />
    </div>
  );
}
