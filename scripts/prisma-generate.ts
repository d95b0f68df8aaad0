// `prisma generate` only checks that a schema-engine binary exists; it never runs it. On machines
// where Prisma cannot download its engines, point it at this Node binary so generation works offline.
import { spawnSync } from "node:child_process";
import path from "node:path";

const env = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || process.execPath };
const cli = path.resolve(import.meta.dirname, "../node_modules/prisma/build/index.js");
const result = spawnSync(process.execPath, [cli, "generate"], { env, stdio: "inherit" });
process.exit(result.status ?? 1);
