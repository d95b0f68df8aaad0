"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { ApiKeysSection } from "./api-keys-section";
import { IntroCard } from "./intro-card";
import { WebhooksSection } from "./webhooks-section";

/** /developers: API keys, webhook endpoints with their delivery logs, and the way to the API reference. */
export function DevelopersPage() {
  const t = useTranslations("developers");
  return (
    <div className="flex flex-col gap-4">
      <IntroCard text={t("intro")} textClassName="max-w-2xl">
        <Link href="/developers/api" className="inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-medium text-white hover:bg-primary-dark">
          {t("openReference")}
        </Link>
      </IntroCard>
      <ApiKeysSection />
      <WebhooksSection />
    </div>
  );
}
