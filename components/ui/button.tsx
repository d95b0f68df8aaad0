import { forwardRef, type ButtonHTMLAttributes } from "react";
import { cn } from "./cn";
import { Spinner } from "./spinner";

type Variant = "primary" | "secondary" | "ghost" | "danger";
const VARIANTS: Record<Variant, string> = {
  primary: "bg-primary text-white hover:bg-primary-dark disabled:bg-primary/50",
  secondary: "border border-[var(--border)] bg-[var(--surface)] text-[var(--text)] hover:bg-hover-light dark:hover:bg-white/5",
  ghost: "text-[var(--text)] hover:bg-hover-light dark:hover:bg-white/5",
  // The darker error shade: white on the brand red (#EB455F) is below WCAG AA contrast.
  danger: "bg-error-strong text-white hover:brightness-110 disabled:bg-error-strong/50",
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: "sm" | "md";
  loading?: boolean;
}

/** A button's look, for a link that acts as one (a page to go to, not an action). */
export function buttonClassName(variant: Variant = "primary", size: "sm" | "md" = "md", className?: string): string {
  return cn(
    "inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-not-allowed",
    size === "sm" ? "h-8 px-3 text-sm" : "h-10 px-4 text-sm",
    VARIANTS[variant],
    className,
  );
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "primary", size = "md", loading, disabled, className, children, type = "button", ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClassName(variant, size, className)}
      {...rest}
    >
      {loading && <Spinner size={16} />}
      {children}
    </button>
  );
});
