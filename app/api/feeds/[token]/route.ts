import { getFeed } from "@/lib/calendar/get-feed";
import { json, route } from "@/lib/http/route";

// The meeting feed calendar apps subscribe to: no session, the token in the address is the key.
async function feed(token: string, head: boolean): Promise<Response> {
  const text = await getFeed(token.replace(/\.ics$/i, ""));
  if (text === null) return json({ error: "not_found", message: "This calendar address is unknown or was replaced" }, { status: 404 });
  return new Response(head ? null : text, {
    headers: {
      "content-type": "text/calendar; charset=utf-8",
      "content-disposition": 'inline; filename="cohost.ics"',
      // The address is a secret: no shared cache may keep it; calendar apps poll anyway.
      "cache-control": "private, no-store",
      "x-robots-tag": "noindex",
    },
  });
}

export const GET = route<{ token: string }>(({ params }) => feed(params.token, false));
export const HEAD = route<{ token: string }>(({ params }) => feed(params.token, true));
