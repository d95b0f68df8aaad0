import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { KEEP_ALIVE_TIMEOUT_MS, nextStartArgs } from "@/scripts/next-start";

// Every web server keeps idle connections the same time (scripts/next-start.ts): `npm start` and the
// e2e stacks' extra servers through nextStartArgs (the shaped stack's both servers are checked on the
// wire in e2e/faults/many-workers.fault.ts), the web image through KEEP_ALIVE_TIMEOUT, which Next's
// standalone server reads.

const root = path.resolve(import.meta.dirname, "../..");

describe("the web servers' idle connections", () => {
  it("are kept longer than a load balancer's 60 s, by `next start` and by the web image alike", () => {
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(60_000);
    const args = nextStartArgs(root, 3000);
    expect(args.slice(1)).toEqual(["start", "--keepAliveTimeout", String(KEEP_ALIVE_TIMEOUT_MS), "-p", "3000"]);
    expect(fs.existsSync(args[0])).toBe(true);
    const dockerfile = fs.readFileSync(path.join(root, "Dockerfile"), "utf8");
    const web = dockerfile.slice(dockerfile.indexOf("FROM base AS web"), dockerfile.indexOf("FROM", dockerfile.indexOf("FROM base AS web") + 1));
    expect(web).toMatch(new RegExp(`^ENV .*\\bKEEP_ALIVE_TIMEOUT=${KEEP_ALIVE_TIMEOUT_MS}\\b`, "m"));
    // Next's standalone server still reads that variable.
    expect(fs.readFileSync(path.join(root, "node_modules/next/dist/build/utils.js"), "utf8")).toContain("parseInt(process.env.KEEP_ALIVE_TIMEOUT, 10)");
  });
});
