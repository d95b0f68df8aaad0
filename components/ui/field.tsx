import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";
import { cn } from "./cn";

const CONTROL =
  "w-full rounded-md border bg-[var(--surface)] px-3 py-2 text-sm text-[var(--text)] placeholder:text-[var(--text-muted)] focus:outline-2 focus:outline-primary disabled:opacity-60";

interface FieldProps {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
}

/** Label, control and a hint or an announced error linked by aria-describedby. */
export function Field({ label, error, hint, className, id, control }: FieldProps & { className?: string; id?: string; control: (props: ControlProps) => ReactNode }) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const describedBy = error ? `${inputId}-error` : hint ? `${inputId}-hint` : undefined;
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
      {control({
        id: inputId,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy,
        className: cn(CONTROL, error ? "border-error" : "border-[var(--border)]"),
      })}
      {error ? (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-error-text">
          {error}
        </p>
      ) : hint ? (
        <p id={`${inputId}-hint`} className="text-xs text-[var(--text-muted)]">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  className: string;
}

export const TextField = forwardRef<HTMLInputElement, FieldProps & InputHTMLAttributes<HTMLInputElement>>(function TextField(
  { label, error, hint, className, id, ...rest },
  ref,
) {
  return <Field label={label} error={error} hint={hint} className={className} id={id} control={(p) => <input ref={ref} {...p} {...rest} />} />;
});

export const TextAreaField = forwardRef<HTMLTextAreaElement, FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>>(function TextAreaField(
  { label, error, hint, className, id, ...rest },
  ref,
) {
  return <Field label={label} error={error} hint={hint} className={className} id={id} control={(p) => <textarea ref={ref} {...p} {...rest} />} />;
});
