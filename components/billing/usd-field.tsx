"use client";
import type { ReactNode } from "react";
import { TextField } from "@/components/ui/field";

/** An amount in US dollars, kept as typed (the form reads it exactly or says why not). */
export function UsdField({
  label,
  value,
  hint,
  error,
  onChange,
  className,
}: {
  label: string;
  value: string;
  hint: ReactNode;
  error: string | null;
  onChange: (value: string) => void;
  className?: string;
}) {
  return <TextField className={className} label={label} inputMode="decimal" autoComplete="off" value={value} hint={hint} error={error} onChange={(e) => onChange(e.target.value)} />;
}
