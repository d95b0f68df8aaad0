"use client";
import { useTranslations } from "next-intl";
import { cn } from "@/components/ui/cn";
import type { Meeting } from "@/lib/client/use-meetings";

// Spec §9 meeting-provider colours as a swatch beside the name (white text on them would miss AA).
const SWATCH: Record<Meeting["platform"], string> = { zoom: "bg-zoom", teams: "bg-teams", meet: "bg-meet" };

export function PlatformBadge({ platform, className }: { platform: Meeting["platform"]; className?: string }) {
  const t = useTranslations("meetings.platforms");
  return (
    <span className={cn("inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border border-[var(--border)] px-2 py-0.5 text-xs font-medium", className)}>
      <span aria-hidden="true" className={cn("h-2.5 w-2.5 rounded-full", SWATCH[platform])} />
      {t(platform)}
    </span>
  );
}
