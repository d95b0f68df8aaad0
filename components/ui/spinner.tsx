import { useTranslations } from "next-intl";
import { cn } from "./cn";

export function Spinner({ size = 24, className, label }: { size?: number; className?: string; label?: string }) {
  return (
    <span role={label ? "status" : undefined} aria-label={label} className={cn("inline-flex", className)}>
      <svg width={size} height={size} viewBox="0 0 24 24" className="animate-spin" aria-hidden="true">
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
        <path d="M22 12a10 10 0 0 0-10-10" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
    </span>
  );
}

/** Centred spinner for a page or section that is loading. */
export function LoadingBlock({ label }: { label?: string }) {
  const t = useTranslations("common");
  return (
    <div className="flex min-h-[200px] items-center justify-center text-primary">
      <Spinner size={32} label={label ?? t("loading")} />
    </div>
  );
}
