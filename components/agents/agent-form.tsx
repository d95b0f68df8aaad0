"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useRef, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { LoadingBlock } from "@/components/ui/spinner";
import { StickyActions } from "@/components/ui/sticky-actions";
import type { Agent } from "@/lib/client/use-agents";
import { useProviders, type ProviderDefaults } from "@/lib/client/use-providers";
import { BotSignIn } from "./bot-sign-in";
import { AccessFields, ActivationFields, IdentityFields, PlatformFields } from "./agent-form-fields";
import { KINDS } from "./form-values";
import { ChatSection } from "./chat-section";
import { LeavingSection } from "./leaving-section";
import { ProviderSection } from "./provider-section";
import { ToolsSection } from "./tools-section";
import { UnsavedGuard } from "./unsaved-guard";
import { useAgentForm } from "./use-agent-form";

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card>
      <h2 className="text-lg font-semibold">{title}</h2>
      {description && <p className="mt-1 text-sm text-[var(--text-muted)]">{description}</p>}
      <div className="mt-4 flex flex-col gap-4">{children}</div>
    </Card>
  );
}

/**
 * Create / edit form (spec §2): sections identity, voice pipeline, tools, activation, access, platform, leaving.
 * `serverJoinLeadSeconds`: the operator's MEETING_JOIN_LEAD_SECONDS, named by the lead time's default choice.
 */
export function AgentForm({ agent, serverJoinLeadSeconds }: { agent?: Agent; serverJoinLeadSeconds: number }) {
  const t = useTranslations("agents");
  const catalogue = useProviders();
  if (catalogue.error) {
    return (
      <Card role="alert" className="flex max-w-xl flex-col items-start gap-3">
        <p className="text-error-text">{catalogue.error}</p>
        <Button variant="secondary" onClick={() => void catalogue.invalidate()}>
          {t("retry")}
        </Button>
      </Card>
    );
  }
  if (catalogue.isLoading) return <LoadingBlock />;
  return <LoadedForm agent={agent} providers={catalogue.providers} defaults={catalogue.defaults} serverJoinLeadSeconds={serverJoinLeadSeconds} />;
}

function LoadedForm({
  agent,
  providers,
  defaults,
  serverJoinLeadSeconds,
}: {
  agent?: Agent;
  providers: ReturnType<typeof useProviders>["providers"];
  defaults: ProviderDefaults | null;
  serverJoinLeadSeconds: number;
}) {
  const t = useTranslations("agents");
  const formRef = useRef<HTMLFormElement>(null);
  const form = useAgentForm(agent, providers, defaults, formRef);
  const { values, set, errors } = form;
  const stored = (kind: (typeof KINDS)[number]) =>
    agent ? { agentId: agent.id, providerId: agent[`${kind}ProviderId`], hasKey: agent[`${kind}HasKey`], hint: agent[`${kind}KeyHint`], untested: agent.untestedKeys.includes(kind) } : null;

  return (
    <form ref={formRef} noValidate onSubmit={form.submit} className="flex max-w-4xl flex-col gap-6" aria-label={agent ? t("form.editLabel", { name: agent.name }) : t("form.createLabel")}>
      {/* Its dialog renders in a portal, outside the form's DOM: its buttons never submit the form. */}
      <UnsavedGuard dirty={form.dirty} />
      <Section title={t("sections.identity")}>
        <IdentityFields form={form} />
      </Section>

      <Section title={t("sections.pipeline")} description={t("sections.pipelineHint")}>
        {KINDS.map((kind) => (
          <ProviderSection key={kind} kind={kind} providers={providers[kind]} value={values[kind]} onChange={(next) => set(kind, next)} stored={stored(kind)} errors={errors} language={values.language} />
        ))}
      </Section>

      <Section title={t("sections.tools")} description={t("sections.toolsHint")}>
        <ToolsSection
          servers={values.mcpServers}
          onChange={(next) => set("mcpServers", next)}
          builtinTools={values.builtinTools}
          onBuiltinChange={(next) => set("builtinTools", next)}
          agentId={agent?.id}
          errors={errors}
        />
      </Section>

      <Section title={t("sections.activation")}>
        <ActivationFields form={form} />
      </Section>

      <Section title={t("sections.access")}>
        <AccessFields form={form} />
      </Section>

      <Section title={t("sections.platform")} description={t("sections.platformHint")}>
        <PlatformFields form={form} agent={agent} serverJoinLeadSeconds={serverJoinLeadSeconds} />
      </Section>

      <Section title={t("sections.botSession")} description={t("sections.botSessionHint")}>
        <BotSignIn agent={agent} />
      </Section>

      <Section title={t("sections.chat")} description={t("sections.chatHint")}>
        <ChatSection form={form} />
      </Section>

      <Section title={t("sections.leaving")} description={t("sections.leavingHint")}>
        <LeavingSection value={values.leaving} onChange={(next) => set("leaving", next)} errors={errors} />
      </Section>

      <StickyActions className="flex justify-end gap-2 border-t border-[var(--border)] bg-[var(--surface-muted)] py-3">
        <Link href="/agents" className="inline-flex h-10 items-center rounded-md border border-[var(--border)] bg-[var(--surface)] px-4 text-sm hover:bg-hover-light dark:hover:bg-white/5">
          {t("form.cancel")}
        </Link>
        <Button type="submit" loading={form.saving}>
          {form.saving ? t("form.saving") : agent ? t("form.save") : t("form.create")}
        </Button>
      </StickyActions>
    </form>
  );
}
