import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { createRequire } from "node:module";

// Where Cohost's browsers come from (the e2e suite and the bot worker): CHROMIUM_PATH when set, else
// an installed Chromium or Chrome, else the Chromium that the npm package @sparticuz/chromium ships
// inside its tarball (brotli-compressed), so a machine with only Node can run both. That package's
// own launch flags are for serverless sandboxes (--single-process, --disable-web-security, …); we
// take only its binary and pass our flags (CHROMIUM_FLAGS).

export type ChromiumSource = "env" | "system" | "bundled";
export interface Chromium {
  path: string;
  source: ChromiumSource;
}

const SYSTEM_PATHS = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/opt/google/chrome/chrome",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
];

/**
 * Flags every launch uses. Root needs --no-sandbox; the rest keep Chromium from calling Google's
 * servers (this machine's network refuses them, many at a time) and from using /dev/shm, which is
 * small in containers.
 */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-dev-shm-usage",
];

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The bundled binary, decompressed once per package version into the temp dir. */
function bundledChromium(): string {
  const require = createRequire(import.meta.url);
  let pkgDir: string;
  try {
    // The package's exports hide package.json; resolve its entry (build/index.js) and go up one level.
    pkgDir = path.resolve(path.dirname(require.resolve("@sparticuz/chromium")), "..");
  } catch {
    throw new Error("No Chromium found: set CHROMIUM_PATH, install Chromium, or run `npm ci` to get the bundled one (@sparticuz/chromium).");
  }
  if (process.platform !== "linux" || process.arch !== "x64") {
    throw new Error(`No Chromium found, and the bundled one runs only on Linux x64 (this is ${process.platform}/${process.arch}): set CHROMIUM_PATH or install Chromium or Chrome.`);
  }
  const { version } = JSON.parse(fs.readFileSync(path.join(pkgDir, "package.json"), "utf8")) as { version: string };
  const dir = path.join(os.tmpdir(), `cohost-chromium-${version}`);
  const binary = path.join(dir, "chromium");
  if (isExecutable(binary)) return binary;
  fs.mkdirSync(dir, { recursive: true });
  // Decompress to a private name and rename: processes that start together (Playwright's workers,
  // several bot workers) never see a half-written binary.
  const partial = `${binary}.${process.pid}.partial`;
  fs.writeFileSync(partial, zlib.brotliDecompressSync(fs.readFileSync(path.join(pkgDir, "bin", "chromium.br"))), { mode: 0o755 });
  fs.renameSync(partial, binary);
  return binary;
}

/** Finds a Chromium to launch: CHROMIUM_PATH, an installed Chromium/Chrome, then the bundled one. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): Chromium {
  const fromEnv = env.CHROMIUM_PATH?.trim();
  if (fromEnv) {
    if (!isExecutable(fromEnv)) throw new Error(`CHROMIUM_PATH is set to ${fromEnv}, which is not an executable file.`);
    return { path: fromEnv, source: "env" };
  }
  const system = SYSTEM_PATHS.find(isExecutable);
  if (system) return { path: system, source: "system" };
  return { path: bundledChromium(), source: "bundled" };
}
