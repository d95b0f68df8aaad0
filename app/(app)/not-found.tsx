import { getTranslations } from "next-intl/server";
import { NotFoundCard } from "@/components/ui/not-found-card";

export default async function NotFound() {
  const t = await getTranslations("errors");
  return <NotFoundCard level={2} title={t("notFoundTitle")} text={t("notFoundText")} homeLabel={t("backHome")} />;
}
