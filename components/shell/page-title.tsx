"use client";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { SITE } from "@/lib/site";
import { titleKey } from "@/lib/shell/nav";

/** Spec §2 page titles; unknown paths show the raw path. The document title follows. */
export function usePageTitle(): string {
  const t = useTranslations("shell.titles");
  const pathname = usePathname();
  const key = titleKey(pathname);
  return key ? t(key) : pathname || SITE.title;
}

export function PageTitle() {
  const title = usePageTitle();
  useEffect(() => {
    document.title = `${title} · ${SITE.title}`;
  }, [title]);
  return <h1 className="text-xl font-semibold md:text-2xl">{title}</h1>;
}
