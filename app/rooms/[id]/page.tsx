import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { RoomCallView } from "@/components/rooms/room-call-view";
import { RoomFrame } from "@/components/rooms/room-frame";
import { serverUserId } from "@/lib/auth/server-user";
import { findOpenRoom } from "@/lib/rooms/get-room";
import { roomUrl } from "@/lib/rooms/ids";
import { roomAgents } from "@/lib/rooms/room-agents";
import { displayName } from "@/lib/users/profile";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("rooms");
  return { title: t("title"), robots: { index: false } };
}

// Public: anyone with the link may join (proxy.ts lets /rooms/* through). Signed-in visitors find
// their name filled in; everyone sees which agents were sent in (then live, once in the call).
// `?view=agent` is how an agent's bot opens the room (lib/bots/platforms/room.ts): a page nobody
// looks at or listens to (RoomCallView's `forAgent`).
export default async function RoomPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ view?: string | string[] }> }) {
  const [{ id }, { view }] = await Promise.all([params, searchParams]);
  const room = await findOpenRoom(id);
  if (!room) notFound();
  const userId = await serverUserId();
  const [name, agents] = await Promise.all([userId ? displayName(userId) : "", roomAgents(room.id, userId)]);
  return (
    <RoomFrame>
      <RoomCallView roomId={room.id} link={roomUrl(room.id)} defaultName={name} initialAgents={agents} forAgent={view === "agent"} />
    </RoomFrame>
  );
}
