import { defineConfig } from "prisma/config";

// The URL is only needed by `prisma migrate deploy` / `prisma studio` on machines that have Prisma's
// schema engine; the app itself applies migrations with lib/db/migrate.ts.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost/cohost" },
});
