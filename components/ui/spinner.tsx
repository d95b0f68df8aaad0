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

const BAR = "rounded bg-[var(--border)] motion-safe:animate-pulse";

/**
 * A page or section that is loading: grey placeholders in the shape of what is coming (a skeleton)
 * instead of a lone spinner, announced once as "Loading" to screen readers.
 */
export function LoadingBlock({ label, shape = "lines" }: { label?: string; shape?: "lines" | "cards" }) {
  const t = useTranslations("common");
  return (
    <div role="status" aria-label={label ?? t("loading")} data-testid="skeleton" className="flex flex-col gap-4">
      {shape === "cards" ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="flex flex-col gap-3 rounded-lg border border-[var(--border)] p-4">
              <div className={cn(BAR, "h-5 w-1/2")} />
              <div className={cn(BAR, "h-4 w-full")} />
              <div className={cn(BAR, "h-4 w-3/4")} />
              <div className={cn(BAR, "mt-2 h-8 w-24")} />
            </div>
          ))}
        </div>
      ) : (
        <div className="flex flex-col gap-3 py-2" aria-hidden="true">
          <div className={cn(BAR, "h-5 w-1/3")} />
          <div className={cn(BAR, "h-4 w-full")} />
          <div className={cn(BAR, "h-4 w-5/6")} />
          <div className={cn(BAR, "h-4 w-2/3")} />
        </div>
      )}
    </div>
  );
}
