import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";

// Placeholders in the shape of what is loading, so the page does not jump when it arrives. Screen
// readers hear one "Loading…" instead of the shapes.

function Bar({ className }: { className?: string }) {
  return <span className={cn("block h-3 animate-pulse rounded bg-[var(--border)]", className)} />;
}

function Loading({ children }: { children: ReactNode }) {
  const t = useTranslations("common");
  return (
    <div role="status" aria-label={t("loading")} aria-busy="true">
      <div aria-hidden="true">{children}</div>
    </div>
  );
}

/** The meetings list: rows (a table's from the medium breakpoint, cards on phones). */
export function MeetingListSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <Loading>
      <div className="flex flex-col gap-3 md:gap-0 md:rounded-lg md:border md:border-[var(--border)] md:bg-[var(--surface)]">
        {Array.from({ length: rows }, (_, i) => (
          <div key={i} className="flex flex-col gap-2 rounded-lg border border-[var(--border)] bg-[var(--surface)] p-4 md:flex-row md:items-center md:gap-6 md:rounded-none md:border-0 md:border-b md:last:border-b-0">
            <div className="flex flex-1 flex-col gap-2">
              <Bar className="w-48 max-w-full" />
              <Bar className="h-2.5 w-20" />
            </div>
            <Bar className="w-24" />
            <Bar className="w-32" />
            <Bar className="h-5 w-20 rounded-full" />
          </div>
        ))}
      </div>
    </Loading>
  );
}

/** A meeting's page: the summary, then the timeline and participants, then the transcript. */
export function MeetingDetailsSkeleton() {
  return (
    <Loading>
      <div className="flex flex-col gap-4">
        <Bar className="w-32" />
        <Card className="flex flex-col gap-4">
          <Bar className="h-5 w-64 max-w-full" />
          <div className="flex gap-2">
            <Bar className="h-5 w-20 rounded-full" />
            <Bar className="h-5 w-24 rounded-full" />
          </div>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: 6 }, (_, i) => (
              <div key={i} className="flex flex-col gap-1.5">
                <Bar className="h-2.5 w-16" />
                <Bar className="w-32" />
              </div>
            ))}
          </div>
        </Card>
        <div className="grid gap-4 lg:grid-cols-2">
          {[0, 1].map((i) => (
            <Card key={i} className="flex flex-col gap-3">
              <Bar className="w-24" />
              <Bar className="w-full" />
              <Bar className="w-3/4" />
            </Card>
          ))}
        </div>
        <Card className="flex flex-col gap-3">
          <Bar className="w-24" />
          <Bar className="w-full" />
          <Bar className="w-5/6" />
          <Bar className="w-2/3" />
        </Card>
      </div>
    </Loading>
  );
}
