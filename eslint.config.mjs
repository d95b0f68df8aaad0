// ESLint (flat config) as the ecosystem sets it up for Next.js with TypeScript: typescript-eslint's
// recommended rules, React's hooks rules and Next's own rules; run by `npm test` (`npm run lint`).
// The layers are checked by dependency-cruiser (.dependency-cruiser.cjs), not here.
import nextPlugin from "@next/eslint-plugin-next";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["node_modules/", ".next*/", "lib/generated/", ".data*/", "test-results/", "playwright-report/", "bench/results/", "next-env.d.ts"] },
  ...tseslint.configs.recommended,
  {
    // React code: the pages, the components and the browser's side of lib/.
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/client/**/*.{ts,tsx}", "lib/shell/**/*.{ts,tsx}", "lib/analytics/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "proxy.ts"],
    plugins: { "@next/next": nextPlugin },
    rules: { ...nextPlugin.configs.recommended.rules, ...nextPlugin.configs["core-web-vitals"].rules },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
    },
  },
  {
    // Tests and benches read JSON answers and reach into pages (window.x) where a type adds nothing.
    files: ["test/**", "e2e/**", "bench/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Server code logs through lib/log.ts (one structured line with meeting, run and user ids).
    files: ["lib/**/*.ts", "app/api/**/*.ts", "proxy.ts"],
    ignores: ["lib/client/**", "lib/shell/**", "lib/analytics/**", "**/*.test.ts", "lib/log.ts"],
    rules: { "no-console": "error" },
  },
);
