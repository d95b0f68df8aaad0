import { getServerSession } from "next-auth";
import { cache } from "react";
import { authOptions } from "./next-auth.ts";

/**
 * The request's next-auth session in server components, read once per request however many
 * layouts and pages ask (each read checks the session generation in the database).
 */
export const serverSession = cache(() => getServerSession(authOptions()));

/** The signed-in user's id in a server component (pages are already guarded by proxy.ts). */
export async function serverUserId(): Promise<string | null> {
  const session = await serverSession();
  return (session?.user as { id?: string } | undefined)?.id ?? null;
}
