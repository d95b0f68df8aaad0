"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState, type FormEvent, type RefObject } from "react";
import { issuesOf, messageOf } from "@/lib/client/form-errors";
import { notifications } from "@/lib/client/notifications";
import { useAgents, type Agent } from "@/lib/client/use-agents";
import type { ProviderDefaults, useProviders } from "@/lib/client/use-providers";
import { useSubmit } from "@/lib/client/use-submit";
import { LEAVING_UNITS, leavingProblems } from "./leaving-values";
import { proofsFor } from "./key-proofs";
import { initialValues, invalidEmailEntries, invalidHeaderRows, issuesByField, KINDS, parseParams, requestBody, type FormValues } from "./form-values";

/**
 * The agent form's values, its errors (several per field, under the field), whether it has unsaved
 * changes, and saving: checked here first, then by the server; the first invalid field is brought
 * into view each time a save finds errors.
 */
export function useAgentForm(
  agent: Agent | undefined,
  providers: ReturnType<typeof useProviders>["providers"],
  defaults: ProviderDefaults | null,
  formRef: RefObject<HTMLFormElement | null>,
) {
  const t = useTranslations("agents");
  const router = useRouter();
  const store = useAgents();
  // The starting values, once: the catalogue decides which stored params the pickers show.
  const [start] = useState(() => initialValues(agent, defaults, providers));
  const [values, setValues] = useState<FormValues>(start);
  const [saved, setSaved] = useState(() => JSON.stringify(start));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const saving = useSubmit();
  // Bumped whenever a submit finds errors: the first invalid field is then brought into view.
  const [errorRound, setErrorRound] = useState(0);
  useEffect(() => {
    if (errorRound === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!first) return;
    first.focus({ preventScroll: true });
    // Centred, so neither the sticky top bar nor the sticky save bar covers it.
    first.scrollIntoView({ block: "center", behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
  }, [errorRound, formRef]);

  // Editing a field clears its errors (for a pipeline step: provider, key and extra params).
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    const fields: string[] = (KINDS as readonly string[]).includes(key) ? [`${key}ProviderId`, `${key}ApiKey`, `${key}ExtraParams`] : [key === "whitelist" ? "whitelistedEmails" : key];
    // "aiExtraParams.model" and the like belong to the step too; a tool server's fields to the servers.
    setErrors((e) =>
      Object.fromEntries(Object.entries(e).filter(([field]) => !fields.includes(field) && !fields.some((f) => field.startsWith(`${f}.`)) && !(key === "mcpServers" && field.startsWith("mcpServers")))),
    );
  };

  // What the browser can tell at once, in the user's language; the server checks everything again.
  const localErrors = (): Record<string, string[]> => {
    const found: Record<string, string[]> = {};
    if (!values.name.trim()) found.name = [t("form.nameRequired")];
    if (!values.manualActivation && !values.wakeWord.trim()) found.wakeWord = [t("form.wakeWordRequired")];
    for (const kind of KINDS) if (parseParams(values[kind].extraText) === null) found[`${kind}ExtraParams`] = [t("form.invalidJson")];
    const badEmails = values.accessControlEnabled ? invalidEmailEntries(values.whitelist) : [];
    if (badEmails.length > 0) found.whitelistedEmails = [t("form.invalidEmails", { count: badEmails.length, entries: badEmails.map((e) => `“${e}”`).join(", ") })];
    for (const i of invalidHeaderRows(values.mcpServers)) found[`mcpServers.${i}.headers`] = [t("tools.headersFormat")];
    for (const p of leavingProblems(values.leaving)) found[`leaving.${p.field}`] = [t("leaving.outOfRange", { min: p.min, max: p.max, unit: t(`leaving.units.${LEAVING_UNITS[p.field]}`) })];
    values.mcpServers.forEach((server, i) => {
      if (!server.name.trim()) found[`mcpServers.${i}.name`] = [t("tools.nameRequired")];
      if (!server.url.trim()) found[`mcpServers.${i}.url`] = [t("tools.urlRequired")];
    });
    return found;
  };

  /** Errors under their fields; the toast only points there. */
  const showErrors = (found: Record<string, string[]>) => {
    setErrors(found);
    setErrorRound((n) => n + 1);
    return t("form.fixErrors");
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const local = localErrors();
    if (Object.keys(local).length > 0) return void notifications.add({ type: "error", message: showErrors(local) });
    setErrors({});
    void saving.run(
      async () => {
        const body = { ...requestBody(values), keyProofs: proofsFor(values) };
        if (agent) await store.update(agent.id, body);
        else await store.create(body);
        setSaved(JSON.stringify(values));
        notifications.add({ type: "success", message: agent ? t("toast.saved", { name: values.name.trim() }) : t("toast.created", { name: values.name.trim() }) });
        router.push("/agents");
      },
      {
        failure: (error) => {
          const issues = issuesOf(error);
          return issues.length > 0 ? showErrors(issuesByField(issues)) : messageOf(error);
        },
      },
    );
  };

  return {
    values,
    setValues,
    set,
    errors,
    err: (field: string) => errors[field]?.[0],
    dirty: JSON.stringify(values) !== saved,
    saving: saving.busy,
    submit,
  };
}

export type AgentFormState = ReturnType<typeof useAgentForm>;
