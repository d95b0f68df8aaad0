import { useTranslations } from "next-intl";

/** "TEST MODE": on the Billing page and the test checkout, whenever no real card can be charged. */
export function TestModeBadge() {
  const t = useTranslations("billing.checkout");
  return <span className="inline-block rounded bg-warning-bg px-2 py-1 text-xs font-bold tracking-wide text-[#5c4400]">{t("badge")}</span>;
}
