"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { buttonClassName } from "@/components/ui/button";
import { ApiKeysSection } from "./api-keys-section";
import { IntroCard } from "./intro-card";
import { WebhooksSection } from "./webhooks-section";

/** /developers: API keys, webhook endpoints with their delivery logs, and the way to the API reference. */
export function DevelopersPage() {
  const t = useTranslations("developers");
  return (
    <div className="flex flex-col gap-4">
      <IntroCard text={t("intro")} textClassName="max-w-2xl">
        <div className="flex flex-wrap gap-2">
          <Link href="/developers/guide/quickstart" className={buttonClassName("secondary")}>
            {t("openGuide")}
          </Link>
          <Link href="/developers/api" className={buttonClassName("primary")}>
            {t("openReference")}
          </Link>
        </div>
      </IntroCard>
      <ApiKeysSection />
      <WebhooksSection />
    </div>
  );
}
