import { db } from "./client.ts";
import { isDatabaseUnavailable } from "./unavailable.ts";

/** Whether the database answers now (one `SELECT 1`); false only for an outage, other errors throw. */
export async function databaseReachable(): Promise<boolean> {
  try {
    await db.$queryRaw`SELECT 1`;
    return true;
  } catch (err) {
    if (isDatabaseUnavailable(err)) return false;
    throw err;
  }
}
