import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";

/** A page's few words of introduction with the way on (a link) beside them. */
export function IntroCard({ text, textClassName, children }: { text: string; textClassName?: string; children: ReactNode }) {
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3">
      <p className={cn("text-sm text-[var(--text-muted)]", textClassName)}>{text}</p>
      {children}
    </Card>
  );
}
