"use client";
import { useId, type ReactNode, type SelectHTMLAttributes } from "react";
import { cn } from "@/components/ui/cn";

export const CONTROL =
  "w-full rounded-md border border-[var(--border)] bg-[var(--surface)] px-3 py-2 text-sm text-[var(--text)] focus:outline-2 focus:outline-primary";

/** A labelled native select (keyboard and screen-reader friendly on every platform). */
export function SelectField({ label, hint, error, className, children, ...rest }: { label: ReactNode; hint?: ReactNode; error?: string } & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={cn(CONTROL, error && "border-error")} {...rest}>
        {children}
      </select>
      {hint && (
        <span id={`${id}-hint`} className="text-xs text-[var(--text-muted)]">
          {hint}
        </span>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-error-text">
          {error}
        </p>
      )}
    </div>
  );
}

/** A checkbox with its label and an optional hint. */
export function CheckboxField({ label, hint, checked, onChange }: { label: ReactNode; hint?: ReactNode; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input id={id} type="checkbox" className="mt-1 h-4 w-4 accent-primary" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby={hint ? `${id}-hint` : undefined} />
      <div className="flex flex-col">
        <label htmlFor={id} className="text-sm">
          {label}
        </label>
        {hint && (
          <span id={`${id}-hint`} className="text-xs text-[var(--text-muted)]">
            {hint}
          </span>
        )}
      </div>
    </div>
  );
}
