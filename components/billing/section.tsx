"use client";
import { useTranslations } from "next-intl";
import { useId, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { LoadingBlock } from "@/components/ui/spinner";

/** A billing section with its own loading and error state (spec §4: separate flags per section). */
export function Section({
  title,
  loading,
  error,
  onRetry,
  children,
  className,
}: {
  title: string;
  loading: boolean;
  error?: string | null;
  onRetry?: () => void;
  children: ReactNode;
  className?: string;
}) {
  const t = useTranslations("billing");
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
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
