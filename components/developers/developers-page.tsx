"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import { ApiKeysSection } from "./api-keys-section";
import { WebhooksSection } from "./webhooks-section";

/** /developers: API keys, webhook endpoints with their delivery logs, and the way to the API reference. */
export function DevelopersPage() {
  const t = useTranslations("developers");
  return (
    <div className="flex flex-col gap-4">
      <Card className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-sm text-[var(--text-muted)]">{t("intro")}</p>
        <Link href="/developers/api" className="inline-flex h-10 items-center rounded-md bg-primary px-4 text-sm font-medium text-white hover:bg-primary-dark">
          {t("openReference")}
        </Link>
      </Card>
      <ApiKeysSection />
      <WebhooksSection />
    </div>
  );
}
