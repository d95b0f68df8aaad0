import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    environment: "node",
    include: ["lib/**/*.test.ts", "test/**/*.test.ts", "app/**/*.test.ts", "components/**/*.test.{ts,tsx}"],
    exclude: ["e2e/**", "node_modules/**"],
    globalSetup: ["test/global-setup.ts"],
    // Each worker has a database of its own (test/setup/worker-database.ts); each test file runs in
    // a process of its own (process-wide settings and module state stay with the file).
    setupFiles: ["test/setup/worker-database.ts"],
    pool: "forks",
    // Most tests wait on timers, sockets and real-time audio rather than the CPU, so more files run
    // at once than there are cores (Vitest's default is one fewer than the cores: one on two).
    maxWorkers: 4,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
