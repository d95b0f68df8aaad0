"use client";
import { Eye, EyeOff } from "lucide-react";
import { useTranslations } from "next-intl";
import { forwardRef, useState, type InputHTMLAttributes, type ReactNode } from "react";
import { cn } from "./cn";
import { Field } from "./field";

/** A password input with a show/hide toggle; the toggle keeps focus where it is and says its state. */
export const PasswordField = forwardRef<HTMLInputElement, { label: ReactNode; error?: string | null; hint?: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, "type">>(
  function PasswordField({ label, error, hint, className, id, disabled, ...rest }, ref) {
    const t = useTranslations("common");
    const [visible, setVisible] = useState(false);
    return (
      <Field
        label={label}
        error={error}
        hint={hint}
        className={className}
        id={id}
        control={(p) => (
          <div className="relative">
            <input ref={ref} {...p} {...rest} disabled={disabled} type={visible ? "text" : "password"} className={cn(p.className, "pr-11")} />
            <button
              type="button"
              disabled={disabled}
              aria-pressed={visible}
              aria-label={t("showPassword")}
              title={visible ? t("hidePassword") : t("showPassword")}
              onClick={() => setVisible((v) => !v)}
              className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-[var(--text-muted)] hover:text-[var(--text)] focus-visible:outline-2 focus-visible:outline-primary"
            >
              {visible ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
            </button>
          </div>
        )}
      />
    );
  },
);
