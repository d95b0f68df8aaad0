import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { E2E } from "./e2e/support/ports";

// Debian's Chromium when present (Playwright's own browser download is not possible offline).
const systemChromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => fs.existsSync(p));

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  // One app server shared by the suite on a 2-core machine: run files one after another.
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: E2E.appUrl,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    ...devices["Desktop Chrome"],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || systemChromium,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-dev-shm-usage"],
    },
  },
  webServer: {
    command: "node e2e/support/server.ts",
    url: `${E2E.appUrl}/api/health`,
    // First run builds the app (a few minutes on 2 cores).
    timeout: 600_000,
    reuseExistingServer: !process.env.CI,
    stdout: "pipe",
    stderr: "pipe",
  },
});
