import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, findChromium } from "./lib/browser/chromium";
import { E2E } from "./e2e/support/ports";

// CHROMIUM_PATH, an installed Chromium/Chrome, or the one npm ships (Playwright's own browser
// download is not possible offline); see lib/browser/chromium.ts.
const chromium = findChromium();

export default defineConfig({
  testDir: "e2e",
  // The end-to-end suite (`npm run test:e2e`, part of `npm test`), and the fault tests
  // (`npm run test:faults`, e2e/faults/*.fault.ts): PostgreSQL stopped under traffic and the like,
  // slower and harsher on the shared stack, so run on their own (.ci/run runs both).
  projects: [
    // Each worker has a stack of its own (e2e/support/ports.ts), so any two tests may run at once;
    // a file that needs its tests in order says so (test.describe.configure({ mode: "serial" })).
    { name: "e2e", testMatch: "**/*.spec.ts", fullyParallel: true },
    // Faults on one shared stack, one after another.
    { name: "faults", testMatch: "**/*.fault.ts", timeout: 180_000, workers: 1 },
  ],
  // Tests mostly wait on pages, servers and real-time audio rather than the CPU: three workers on
  // two cores (E2E_WORKERS to change).
  workers: Number(process.env.E2E_WORKERS || 3),
  // No retries: a test that passes only on a second try is a failure to fix, not to hide.
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: E2E.appUrl,
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    ...devices["Desktop Chrome"],
    launchOptions: {
      executablePath: chromium.path,
      args: CHROMIUM_FLAGS,
    },
  },
  webServer: {
    command: "node e2e/support/server.ts",
    url: `${E2E.appUrl}/api/health`,
    // Slot 0's stack; the others start when their workers first need them. A first run builds the
    // app (a few minutes on 2 cores) unless `npm test` built it ahead (e2e/support/build.ts).
    timeout: 600_000,
    reuseExistingServer: !process.env.CI,
    stdout: "pipe",
    stderr: "pipe",
    // The launcher stops its stacks itself (their servers, then PostgreSQL), so every process of
    // the run is reaped and `npm test` can count its CPU time.
    gracefulShutdown: { signal: "SIGTERM", timeout: 30_000 },
  },
});
