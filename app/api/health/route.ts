import { db } from "@/lib/db/client";
import { databaseUnavailable, json } from "@/lib/http/route";

export const dynamic = "force-dynamic";

// Public liveness + database check for load balancers and `npm run bench:api`. Down, it answers like
// every other route without its database (503, service_unavailable, Retry-After), plus the status.
export async function GET() {
  try {
    await db.$queryRaw`SELECT 1`;
    return json({ status: "ok" });
  } catch {
    const unavailable = databaseUnavailable();
    return json({ status: "unavailable", ...unavailable.toJSON() }, { status: unavailable.status, headers: unavailable.headers });
  }
}
