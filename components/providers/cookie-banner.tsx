"use client";
import { X } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { setConsent } from "@/lib/analytics/consent";
import { sendPageView } from "@/lib/analytics/page-views";
import { useConsent } from "./use-consent";

/** Shown while consent is unset (spec §2): Accept, Reject, or the close icon (= reject). */
export function CookieBanner() {
  const t = useTranslations("cookie");
  const pathname = usePathname();
  const consent = useConsent();

  // One page view per navigation, and one right after consent is granted.
  useEffect(() => {
    if (consent === "true") sendPageView(pathname);
  }, [pathname, consent]);

  // While shown, the banner's height is reserved at the bottom of the page (globals.css), so the
  // page's own last controls can scroll out from under it.
  const banner = useRef<HTMLElement>(null);
  const shown = consent === null;
  useEffect(() => {
    const el = banner.current;
    if (!shown || !el) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => root.setProperty("--cookie-banner-height", `${el.offsetHeight}px`));
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.removeProperty("--cookie-banner-height");
    };
  }, [shown]);

  if (!shown) return null;
  return (
    <section
      ref={banner}
      role="region"
      aria-label={t("bannerLabel")}
      className="fixed inset-x-0 bottom-0 z-[55] border-t border-[var(--border)] bg-[var(--surface)] p-4 text-[var(--text)] shadow-[0_-4px_16px_rgba(0,0,0,0.08)]"
    >
      <div className="mx-auto flex max-w-5xl flex-col gap-3 sm:flex-row sm:items-center">
        <p className="flex-1 text-sm">
          {t("bannerText")}{" "}
          <Link href="/cookie" className="font-medium text-primary underline dark:text-primary-light">
            {t("learnMore")}
          </Link>
        </p>
        <div className="flex items-center gap-2">
          <Button variant="secondary" onClick={() => setConsent(false)}>
            {t("reject")}
          </Button>
          <Button onClick={() => setConsent(true)}>{t("accept")}</Button>
          <button type="button" aria-label={t("close")} onClick={() => setConsent(false)} className="rounded p-1 hover:bg-hover-light dark:hover:bg-white/5">
            <X size={18} aria-hidden="true" />
          </button>
        </div>
      </div>
    </section>
  );
}
