import { useTranslations } from "next-intl";
import { SITE } from "@/lib/site";

export function Footer() {
  const t = useTranslations("shell.footer");
  const link = "hover:text-primary hover:underline dark:hover:text-primary-light";
  return (
    <footer className="mt-auto flex flex-col gap-2 border-t border-[var(--border)] px-4 py-4 text-xs text-[var(--text-muted)] sm:flex-row sm:items-center sm:justify-between md:px-8">
      <span>{t("copyright", { year: new Date().getFullYear() })}</span>
      <nav className="flex flex-wrap gap-4">
        <a className={link} href={SITE.termsUrl} target="_blank" rel="noopener noreferrer">
          {t("terms")}
        </a>
        <a className={link} href={SITE.privacyUrl} target="_blank" rel="noopener noreferrer">
          {t("privacy")}
        </a>
        <a className={link} href="/cookie" target="_blank" rel="noopener noreferrer">
          {t("cookies")}
        </a>
        <a className={link} href={`mailto:${SITE.contactEmail}`}>
          {t("contact")}
        </a>
      </nav>
    </footer>
  );
}
