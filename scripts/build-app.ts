// The production build `npm start` serves, made only when it is missing or stale: by `npm start`
// itself (scripts/start.ts), and ahead of the e2e stack by `npm test` (e2e/support/build.ts), so the
// stack starts serving at once.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

/** Where `env`'s build goes: NEXT_DIST_DIR (the e2e suite builds into its own folder) or .next. */
export function distDirOf(env: NodeJS.ProcessEnv): string {
  return path.join(root, env.NEXT_DIST_DIR || ".next");
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

// NEXT_PUBLIC_* settings are compiled into the build (pages and proxy alike), so a build made with
// other values is stale too. Recorded next to the build after each one.
const publicEnvFile = (env: NodeJS.ProcessEnv) => path.join(distDirOf(env), "cohost-public-env.json");
const publicEnv = (env: NodeJS.ProcessEnv) =>
  JSON.stringify(Object.fromEntries(Object.entries(env).filter(([k]) => k.startsWith("NEXT_PUBLIC_")).sort(([a], [b]) => a.localeCompare(b))));

/** Whether `env`'s build is missing, made with other public settings, or older than a source. */
export function needsBuild(env: NodeJS.ProcessEnv): boolean {
  const buildId = path.join(distDirOf(env), "BUILD_ID");
  if (!fs.existsSync(buildId)) return true;
  if (!fs.existsSync(publicEnvFile(env)) || fs.readFileSync(publicEnvFile(env), "utf8") !== publicEnv(env)) return true;
  const built = fs.statSync(buildId).mtimeMs;
  return ["app", "components", "lib", "messages", "proxy.ts", "next.config.ts"].some((name) => {
    const full = path.join(root, name);
    if (!fs.existsSync(full)) return false;
    return (fs.statSync(full).isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs) > built;
  });
}

/** `next build` with `env` (its output on this process's); true when it succeeded. */
export function buildApp(env: NodeJS.ProcessEnv): boolean {
  const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
  const build = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, env: { ...env, NODE_ENV: "production" }, stdio: "inherit" });
  if (build.status !== 0) return false;
  fs.writeFileSync(publicEnvFile(env), publicEnv(env));
  return true;
}
