import { getTranslations } from "next-intl/server";
import { Card } from "@/components/ui/card";
import { SITE } from "@/lib/site";
import { titleMetadata } from "@/lib/shell/page-metadata";

export const generateMetadata = titleMetadata("about");

export default async function AboutPage() {
  const t = await getTranslations("about");
  return (
    <Card className="max-w-3xl space-y-6 leading-relaxed">
      <p>{t("intro")}</p>
      <section>
        <h2 className="mb-2 text-lg font-semibold">{t("howTitle")}</h2>
        <ol className="list-decimal space-y-1 pl-6">
          <li>{t("how1")}</li>
          <li>{t("how2")}</li>
          <li>{t("how3")}</li>
        </ol>
      </section>
      <section>
        <h2 className="mb-2 text-lg font-semibold">{t("keysTitle")}</h2>
        <p>{t("keys")}</p>
      </section>
      <section>
        <h2 className="mb-2 text-lg font-semibold">{t("billingTitle")}</h2>
        <p>{t("billing")}</p>
      </section>
      <p className="text-sm text-[var(--text-muted)]">{t("contact", { email: SITE.contactEmail })}</p>
    </Card>
  );
}
