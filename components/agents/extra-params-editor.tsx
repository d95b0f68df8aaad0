"use client";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { cn } from "@/components/ui/cn";
import type { Provider } from "@/lib/client/use-providers";
import type { ExtraParamSpec } from "@/lib/providers/catalogue";
import { CONTROL } from "./select-field";

function paramSummary(p: ExtraParamSpec): string {
  const range = p.options ? p.options.join(" | ") : p.min !== undefined ? `${p.min}–${p.max}` : "";
  const parts = [p.type, range, p.default !== undefined && p.default !== "" ? `= ${JSON.stringify(p.default)}` : "", p.required ? "*" : ""];
  return `${p.name}: ${parts.filter(Boolean).join(" ")}`;
}

/** The step's other extra params as JSON, its problems, and the params the provider knows with its docs. */
export function ExtraParamsEditor({ text, onChange, problems, provider }: { text: string; onChange: (text: string) => void; problems: string[]; provider: Provider | undefined }) {
  const t = useTranslations("agents");
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-params`} className="text-sm font-medium">
        {t("fields.extraParams")}
      </label>
      <textarea
        id={`${id}-params`}
        rows={Math.min(10, Math.max(3, text.split("\n").length))}
        spellCheck={false}
        value={text}
        aria-invalid={problems.length ? true : undefined}
        aria-describedby={`${id}-params-help`}
        onChange={(e) => onChange(e.target.value)}
        className={cn(CONTROL, "font-mono text-xs", problems.length > 0 && "border-error")}
      />
      <div id={`${id}-params-help`} className="text-xs">
        {problems.length > 0 && (
          <ul role="alert" className="mb-1 text-sm text-error-text">
            {problems.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        )}
        {provider && (
          <details className="text-[var(--text-muted)]">
            <summary className="cursor-pointer">{t("fields.paramsKnown", { count: provider.extraParams.length })}</summary>
            <ul className="mt-1 font-mono">
              {provider.extraParams.map((p) => (
                <li key={p.name}>{paramSummary(p)}</li>
              ))}
            </ul>
            {provider.docsUrl && (
              <a href={provider.docsUrl} target="_blank" rel="noopener noreferrer" className="underline">
                {t("fields.docs", { provider: provider.name })}
              </a>
            )}
          </details>
        )}
      </div>
    </div>
  );
}
