import { db } from "@/lib/db/client";
import { json } from "@/lib/http/route";

export const dynamic = "force-dynamic";

// Public liveness + database check for load balancers and `npm run bench:api`.
export async function GET() {
  try {
    await db.$queryRaw`SELECT 1`;
    return json({ status: "ok" });
  } catch {
    return json({ status: "unavailable" }, { status: 503 });
  }
}
