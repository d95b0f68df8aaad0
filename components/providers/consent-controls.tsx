"use client";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { setConsent } from "@/lib/analytics/consent";
import { useConsent } from "./use-consent";

/** On the cookie policy: the current choice and buttons to change it. */
export function ConsentControls() {
  const t = useTranslations("cookie");
  const consent = useConsent();
  const choice = consent === "true" ? t("choiceTrue") : consent === "false" ? t("choiceFalse") : t("choiceUnset");
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <p role="status" className="flex-1 text-sm">
        {t("current", { choice })}
      </p>
      <Button variant="secondary" onClick={() => setConsent(false)}>
        {t("reject")}
      </Button>
      <Button onClick={() => setConsent(true)}>{t("accept")}</Button>
    </div>
  );
}
