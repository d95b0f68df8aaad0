"use client";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { TextAreaField, TextField } from "@/components/ui/field";
import { apiFetch } from "@/lib/client/api";
import { messageOf } from "@/lib/client/form-errors";
import { useSubmit } from "@/lib/client/use-submit";
import type { McpTestResult } from "@/lib/tools/test-mcp-server";
import { visibleHint } from "./form-values";
import { CheckboxField } from "./select-field";
import type { ToolAudience } from "@/lib/tools/tool-rights";
import { BuiltinToolAudiences, McpToolAudience, OwnerNote } from "./tool-audience";
import { keepsSecrets, newServerValues, testRequest, toolAudience, withActing, withToolAudience, type McpServerValues } from "./tool-values";

const MAX_SERVERS = 10;

/**
 * "Tools" of the agent form (docs/tools.md): who counts as the owner, the built-in tools with who
 * may use each, and the user's MCP servers, each with its address, an optional token and headers
 * (stored encrypted, never shown again), "Test connection" listing the server's tools, and per tool
 * who may use it and whether it acts.
 */
export function ToolsSection({
  servers,
  onChange,
  builtinTools,
  onBuiltinChange,
  agentId,
  errors,
}: {
  servers: McpServerValues[];
  onChange: (next: McpServerValues[]) => void;
  builtinTools: Record<string, ToolAudience>;
  onBuiltinChange: (next: Record<string, ToolAudience>) => void;
  agentId?: string;
  errors: Record<string, string[]>;
}) {
  const t = useTranslations("agents.tools");
  const update = (i: number, next: McpServerValues) => onChange(servers.map((s, j) => (j === i ? next : s)));
  return (
    <div className="flex flex-col gap-4">
      <OwnerNote />
      <BuiltinToolAudiences value={builtinTools} onChange={onBuiltinChange} />
      {servers.length === 0 && <p className="text-sm text-[var(--text-muted)]">{t("empty")}</p>}
      {servers.map((server, i) => (
        <ServerEditor
          key={server.key}
          index={i}
          server={server}
          agentId={agentId}
          errors={errors}
          onChange={(next) => update(i, next)}
          onRemove={() => onChange(servers.filter((_, j) => j !== i))}
        />
      ))}
      <div>
        <Button variant="secondary" disabled={servers.length >= MAX_SERVERS} onClick={() => onChange([...servers, newServerValues()])}>
          {t("add")}
        </Button>
        {servers.length >= MAX_SERVERS && <p className="mt-1 text-xs text-[var(--text-muted)]">{t("max", { count: MAX_SERVERS })}</p>}
      </div>
    </div>
  );
}

function ServerEditor({
  index,
  server,
  agentId,
  errors,
  onChange,
  onRemove,
}: {
  index: number;
  server: McpServerValues;
  agentId?: string;
  errors: Record<string, string[]>;
  onChange: (next: McpServerValues) => void;
  onRemove: () => void;
}) {
  const t = useTranslations("agents.tools");
  const err = (field: string) => errors[`mcpServers.${index}.${field}`]?.[0];
  const stored = server.stored;
  const kept = keepsSecrets(server);
  const label = server.name.trim() || t("untitled", { n: index + 1 });
  const tokenHint = stored?.hasToken
    ? kept
      ? visibleHint(stored.tokenHint)
        ? t("tokenStored", { hint: visibleHint(stored.tokenHint)! })
        : t("tokenStoredNoHint")
      : t("secretsMoved")
    : t("tokenHint");
  const headersHint = stored?.headerNames.length ? (kept ? t("headersStored", { names: stored.headerNames.join(", ") }) : t("secretsMoved")) : t("headersHint");
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-md border border-[var(--border)] p-4">
      <legend className="px-1 font-medium">{label}</legend>
      <div className="grid gap-3 md:grid-cols-2">
        <TextField label={t("name")} value={server.name} maxLength={60} onChange={(e) => onChange({ ...server, name: e.target.value })} error={err("name")} />
        <TextField
          label={t("url")}
          type="url"
          inputMode="url"
          spellCheck={false}
          placeholder="https://tools.example.com/mcp"
          value={server.url}
          onChange={(e) => onChange({ ...server, url: e.target.value })}
          error={err("url")}
        />
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <div className="flex flex-col gap-2">
          <TextField
            label={t("token")}
            type="password"
            autoComplete="new-password"
            spellCheck={false}
            value={server.bearerToken}
            disabled={server.clearToken}
            onChange={(e) => onChange({ ...server, bearerToken: e.target.value })}
            hint={tokenHint}
            error={err("bearerToken")}
          />
          {stored?.hasToken && kept && <CheckboxField label={t("clearToken")} checked={server.clearToken} onChange={(clearToken) => onChange({ ...server, clearToken, bearerToken: "" })} />}
        </div>
        <div className="flex flex-col gap-2">
          <TextAreaField
            label={t("headers")}
            rows={2}
            spellCheck={false}
            className="[&_textarea]:font-mono [&_textarea]:text-xs"
            placeholder="X-Api-Key: …"
            value={server.headersText}
            disabled={server.clearHeaders}
            onChange={(e) => onChange({ ...server, headersText: e.target.value })}
            hint={headersHint}
            error={err("headers")}
          />
          {stored && stored.headerNames.length > 0 && kept && (
            <CheckboxField label={t("clearHeaders")} checked={server.clearHeaders} onChange={(clearHeaders) => onChange({ ...server, clearHeaders, headersText: "" })} />
          )}
        </div>
      </div>
      <ConnectionTest server={server} agentId={agentId} onChange={onChange} />
      <div className="flex justify-end">
        <Button variant="ghost" size="sm" onClick={onRemove}>
          {server.name.trim() ? t("remove", { name: server.name.trim() }) : t("removeUnnamed")}
        </Button>
      </div>
    </fieldset>
  );
}

/** "Test connection": the server's tools, each with a switch (off = never offered to the model). */
function ConnectionTest({ server, agentId, onChange }: { server: McpServerValues; agentId?: string; onChange: (next: McpServerValues) => void }) {
  const t = useTranslations("agents.tools");
  const [result, setResult] = useState<McpTestResult | { ok: false; message: string } | null>(null);
  const test = useSubmit();
  const testing = test.busy;
  const run = () => {
    setResult(null);
    void test.run(async () => setResult(await apiFetch<McpTestResult>("/api/mcp/test", { method: "POST", body: JSON.stringify(testRequest(server, agentId)), fallback: t("testFailed") })), {
      failure: (err) => (setResult({ ok: false, message: messageOf(err) }), null),
    });
  };
  // A saved server's tools are listed when the form opens (with its stored credentials, to its own
  // origin), so its switches show without pressing Test connection again (issue 31, item 10).
  const listedOnOpen = useRef(false);
  useEffect(() => {
    if (listedOnOpen.current || !server.stored || !keepsSecrets(server)) return;
    listedOnOpen.current = true;
    run();
  });
  const listed = result?.ok ? result.tools : [];
  const unlisted = (names: string[]) => names.filter((n) => !listed.some((tool) => tool.name === n));
  const hidden = unlisted(server.disabledTools);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <Button size="sm" variant="secondary" disabled={!server.url.trim()} loading={testing} onClick={run}>
          {testing ? t("testing") : t("test")}
        </Button>
        <span role="status" aria-live="polite" className={cn("text-sm", result && (result.ok ? "text-success-text" : "text-error-text"))}>
          {result && (result.ok ? t("connected", { count: result.tools.length }) : `${t("notConnected")}: ${result.message}`)}
        </span>
      </div>
      {listed.length > 0 && (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">{t("toolsLegend")}</legend>
          {listed.map((tool) => (
            <McpToolAudience
              key={tool.name}
              tool={tool.name}
              description={tool.description}
              audience={toolAudience(server, tool.name)}
              acts={server.actingTools.includes(tool.name)}
              onAudience={(a) => onChange(withToolAudience(server, tool.name, a))}
              onActs={(acts) => onChange(withActing(server, tool.name, acts))}
            />
          ))}
        </fieldset>
      )}
      {hidden.length > 0 && <p className="text-xs text-[var(--text-muted)]">{t("switchedOff", { names: hidden.join(", ") })}</p>}
      {unlisted(server.everyoneTools).length > 0 && <p className="text-xs text-[var(--text-muted)]">{t("forEveryone", { names: unlisted(server.everyoneTools).join(", ") })}</p>}
      {unlisted(server.actingTools).length > 0 && <p className="text-xs text-[var(--text-muted)]">{t("acting", { names: unlisted(server.actingTools).join(", ") })}</p>}
    </div>
  );
}
