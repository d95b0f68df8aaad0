import { getTranslations } from "next-intl/server";
import { RoomFrame } from "@/components/rooms/room-frame";
import { NotFoundCard } from "@/components/ui/not-found-card";

export default async function RoomNotFound() {
  const t = await getTranslations("rooms.notFound");
  return (
    <RoomFrame>
      <NotFoundCard level={1} title={t("title")} text={t("text")} homeLabel={t("home")} />
    </RoomFrame>
  );
}
