"use client";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { Bot, CalendarDays, CodeXml, CreditCard, Info, LayoutDashboard, Video } from "lucide-react";
import { cn } from "@/components/ui/cn";
import { NAV_ITEMS, isActive } from "@/lib/shell/nav";

const ICONS = { dashboard: LayoutDashboard, agents: Bot, meetings: Video, calendar: CalendarDays, billing: CreditCard, developers: CodeXml, about: Info };

export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const t = useTranslations("shell.nav");
  const pathname = usePathname();
  const tab = useSearchParams().get("tab");
  return (
    <ul className="flex flex-col gap-1">
      {NAV_ITEMS.map(({ href, key }) => {
        const active = isActive(href, pathname, tab);
        const Icon = ICONS[key];
        return (
          <li key={href}>
            <Link
              href={href}
              onClick={onNavigate}
              aria-current={active ? "page" : undefined}
              className={cn(
                "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors",
                active ? "bg-primary text-white" : "text-[var(--text)] hover:bg-hover-light dark:hover:bg-white/5",
              )}
            >
              <Icon size={18} aria-hidden="true" />
              {t(key)}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
