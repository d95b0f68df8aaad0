"use client";
// The test room's chat from the browser: a line sent as this participant (the server stamps who sent it).

export interface ChatLine {
  id: string;
  /** The sender's participant id. */
  fromId: string;
  name: string;
  text: string;
  at: string;
}

/** Posts one line; throws with the server's message (or `fallback`) when it was not taken. */
export async function sendRoomChat(roomId: string, participantId: string, key: string, text: string, fallback: string): Promise<ChatLine> {
  // Plain fetch: the room is public, so no session refresh or sign-out rules apply here.
  const response = await fetch(`/api/rooms/${encodeURIComponent(roomId)}/participants/${encodeURIComponent(participantId)}/chat`, {
    method: "POST",
    body: JSON.stringify({ key, text }),
    headers: { "content-type": "application/json" },
  });
  const body = (await response.json().catch(() => null)) as (ChatLine & { message?: string }) | null;
  if (!response.ok || !body) throw new Error(body?.message || fallback);
  return body;
}
