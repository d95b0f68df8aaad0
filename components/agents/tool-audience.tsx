"use client";
import { useTranslations } from "next-intl";
import { BUILTIN_POLICIES, BUILTIN_TOOL_NAMES } from "@/lib/tools/tool-policies";
import { TOOL_AUDIENCES, type ToolAudience } from "@/lib/tools/tool-rights";
import { CheckboxField, SelectField } from "./select-field";

// Who may use which tool, in the agent form's Tools section (docs/tools.md, "Who may use which
// tool"): an audience per tool (the owner only, everyone in the meeting, off), and for MCP tools
// whether the tool acts (sends, books, deletes).

/** A tool's audience as a labelled select; `allowed` narrows the choice (leave_meeting is never for everyone). */
export function AudienceSelect({ tool, value, allowed = TOOL_AUDIENCES, onChange }: { tool: string; value: ToolAudience; allowed?: readonly ToolAudience[]; onChange: (next: ToolAudience) => void }) {
  const t = useTranslations("agents.tools.audience");
  return (
    <SelectField label={t("label", { tool })} value={value} onChange={(e) => onChange(e.target.value as ToolAudience)} className="sm:w-56">
      {allowed.map((a) => (
        <option key={a} value={a}>
          {t(a)}
        </option>
      ))}
    </SelectField>
  );
}

/** Who counts as the owner, in one sentence. */
export function OwnerNote() {
  const t = useTranslations("agents.tools.audience");
  return <p className="text-sm text-[var(--text-muted)]">{t("ownerNote")}</p>;
}

/** The built-in tools, each with what it does and who may use it. */
export function BuiltinToolAudiences({ value, onChange }: { value: Record<string, ToolAudience>; onChange: (next: Record<string, ToolAudience>) => void }) {
  const t = useTranslations("agents.tools");
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">{t("builtinTitle")}</legend>
      {BUILTIN_TOOL_NAMES.map((name) => (
        <div key={name} className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
          <p className="min-w-0 text-sm">
            <code className="font-mono text-xs">{name}</code>: <span className="text-[var(--text-muted)]">{t(`builtin.${name}`)}</span>
          </p>
          <AudienceSelect tool={name} value={value[name] ?? BUILTIN_POLICIES[name].audience} allowed={BUILTIN_POLICIES[name].audiences} onChange={(a) => onChange({ ...value, [name]: a })} />
        </div>
      ))}
    </fieldset>
  );
}

/** One MCP tool: its audience, and whether it acts. */
export function McpToolAudience({
  tool,
  description,
  audience,
  acts,
  onAudience,
  onActs,
}: {
  tool: string;
  description: string;
  audience: ToolAudience;
  acts: boolean;
  onAudience: (next: ToolAudience) => void;
  onActs: (next: boolean) => void;
}) {
  const t = useTranslations("agents.tools.audience");
  return (
    <div className="flex flex-col gap-2 rounded-md border border-[var(--border)] p-3">
      <p className="min-w-0 text-sm">
        <code className="font-mono text-xs">{tool}</code>
        {description && <span className="block text-xs text-[var(--text-muted)]">{description}</span>}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <AudienceSelect tool={tool} value={audience} onChange={onAudience} />
        {audience !== "off" && <CheckboxField label={t("acts", { tool })} hint={t("actsHint")} checked={acts} onChange={onActs} />}
      </div>
    </div>
  );
}
