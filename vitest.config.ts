import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    environment: "node",
    include: ["lib/**/*.test.ts", "test/**/*.test.ts", "app/**/*.test.ts", "components/**/*.test.{ts,tsx}"],
    exclude: ["e2e/**", "node_modules/**"],
    globalSetup: ["test/global-setup.ts"],
    // Integration tests share one real PostgreSQL; each test works with its own users.
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
