import { exportAccountData } from "@/lib/account/export-data";
import { userRoute } from "@/lib/http/route";

export const GET = userRoute(async ({ user }) => {
  const day = new Date().toISOString().slice(0, 10);
  return new Response(JSON.stringify(await exportAccountData(user.id), null, 2), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="cohost-data-${day}.json"`,
      "cache-control": "no-store",
    },
  });
});
