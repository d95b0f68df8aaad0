import net from "node:net";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createPrismaClient } from "./client.ts";
import { freePort } from "./embedded.ts";
import { isDatabaseUnavailable } from "./unavailable.ts";
import { errorOf } from "../../test/support/error-of.ts";

// Real errors, as the libraries throw them, for a database that is not there or does not answer.
// (Prisma's errors for a database stopped mid-request: test/api/database-outage.test.ts.)
describe("isDatabaseUnavailable", () => {
  it("recognises a refused connection from Prisma, pg and pg-pool", async () => {
    const url = `postgresql://nobody:secret@127.0.0.1:${await freePort()}/none`;
    const prisma = createPrismaClient(url);
    try {
      expect(isDatabaseUnavailable(await errorOf(prisma.user.findFirst()))).toBe(true);
      expect(isDatabaseUnavailable(await errorOf(prisma.$transaction(async (tx) => tx.user.findFirst())))).toBe(true);
    } finally {
      await prisma.$disconnect();
    }
    expect(isDatabaseUnavailable(await errorOf(new pg.Client({ connectionString: url }).connect()))).toBe(true);
    const pool = new pg.Pool({ connectionString: url });
    expect(isDatabaseUnavailable(await errorOf(pool.query("SELECT 1")))).toBe(true);
    await pool.end();
  });

  it("recognises a server that accepts and never answers (the pool's bounded wait)", async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as net.AddressInfo).port;
    const pool = new pg.Pool({ connectionString: `postgresql://nobody:secret@127.0.0.1:${port}/none`, connectionTimeoutMillis: 200 });
    try {
      const err = await errorOf(pool.query("SELECT 1"));
      expect((err as Error).message).toMatch(/timeout/);
      expect(isDatabaseUnavailable(err)).toBe(true);
    } finally {
      await pool.end();
      silent.close();
    }
  });

  it("leaves other failures alone: another server unreachable, a bug, bad input", async () => {
    const port = await freePort();
    const fetchFailure = await errorOf(fetch(`http://127.0.0.1:${port}/`));
    expect((fetchFailure as { cause?: { code?: string } }).cause?.code).toBe("ECONNREFUSED");
    expect(isDatabaseUnavailable(fetchFailure)).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable({ code: "P2002", message: "Unique constraint failed" })).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
