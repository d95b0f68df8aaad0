import { exportAccountData } from "@/lib/account/export-data";
import { userRoute } from "@/lib/http/route";

// The account's data as a JSON download; an API key's copy leaves out subscribed calendars' secret addresses.
export const GET = userRoute(async ({ user }) => {
  const day = new Date().toISOString().slice(0, 10);
  return new Response(JSON.stringify(await exportAccountData(user.id, { viaApiKey: user.via === "api_key" }), null, 2), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="cohost-data-${day}.json"`,
      "cache-control": "no-store",
    },
  });
});
