import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, it } from "vitest";

// CI trusts the exit code of `npm test`. The embedded PostgreSQL's exit hooks once turned a failed
// Vitest run into exit code 0 (lib/db/embedded.ts); a failing suite must exit non-zero.
it("a failing Vitest run with the embedded database exits non-zero", () => {
  const root = path.resolve(import.meta.dirname, "../..");
  const run = spawnSync(process.execPath, [path.join(root, "node_modules/vitest/vitest.mjs"), "run", "--config", "test/fixtures/failing-suite/vitest.config.ts"], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, TEST_DATABASE_URL: "" },
    timeout: 120_000,
  });
  expect(run.stdout + run.stderr).toContain("fails on purpose");
  expect(run.status).toBe(1);
}, 150_000);
