import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { RoomFrame } from "@/components/rooms/room-frame";
import { Card } from "@/components/ui/card";

export default async function RoomNotFound() {
  const t = await getTranslations("rooms.notFound");
  return (
    <RoomFrame>
      <Card className="mx-auto w-full max-w-lg">
        <h1 className="text-xl font-semibold">{t("title")}</h1>
        <p className="mt-2 text-sm text-[var(--text-muted)]">{t("text")}</p>
        <Link href="/" className="mt-4 inline-block text-sm font-medium text-primary hover:underline dark:text-primary-light">
          {t("home")}
        </Link>
      </Card>
    </RoomFrame>
  );
}
