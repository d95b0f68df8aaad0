"use client";
import { useTranslations } from "next-intl";
import { useId, type ReactNode } from "react";
import { Button } from "./button";
import { Card } from "./card";
import { cn } from "./cn";
import { LoadingBlock } from "./spinner";

/** A titled card with its own loading and error state (billing: spec §4's separate flags per section). */
export function Section({
  title,
  loading,
  error,
  onRetry,
  children,
  className,
  tone,
  aside,
}: {
  title: string;
  loading: boolean;
  error?: string | null;
  onRetry?: () => void;
  children: ReactNode;
  className?: string;
  /** Another look for a destructive section (Delete account). */
  tone?: "danger";
  /** Words beside the title (a badge). */
  aside?: ReactNode;
}) {
  const t = useTranslations("common");
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className={cn("min-w-0", tone === "danger" && "border-error/50", className)}>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <h2 id={headingId} className={cn("text-lg font-semibold", tone === "danger" && "text-error-text")}>
          {title}
        </h2>
        {aside}
      </div>
      {error ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md bg-error/10 px-3 py-2 text-sm text-error-text">
          <span className="flex-1">{error}</span>
          {onRetry && (
            <Button size="sm" variant="secondary" onClick={onRetry}>
              {t("retry")}
            </Button>
          )}
        </div>
      ) : loading ? (
        <LoadingBlock label={t("loading")} />
      ) : (
        children
      )}
    </Card>
  );
}
