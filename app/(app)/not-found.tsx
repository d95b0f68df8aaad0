import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Card } from "@/components/ui/card";

export default async function NotFound() {
  const t = await getTranslations("errors");
  return (
    <Card className="max-w-xl">
      <h2 className="text-lg font-semibold">{t("notFoundTitle")}</h2>
      <p className="mt-2 text-sm text-[var(--text-muted)]">{t("notFoundText")}</p>
      <Link href="/" className="mt-4 inline-block text-sm font-medium text-primary hover:underline dark:text-primary-light">
        {t("backHome")}
      </Link>
    </Card>
  );
}
