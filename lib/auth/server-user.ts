import { getServerSession } from "next-auth";
import { authOptions } from "./next-auth.ts";

/** The signed-in user's id in a server component (pages are already guarded by proxy.ts). */
export async function serverUserId(): Promise<string | null> {
  const session = await getServerSession(authOptions());
  return (session?.user as { id?: string } | undefined)?.id ?? null;
}
