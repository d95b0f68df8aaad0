// `npm run bench:bundle`: first-load JavaScript per page, gzip, from the production build's manifests
// (run `npm run build` first; NEXT_DIST_DIR picks another build folder). Prints JSON.
//
// A page's first load is the root main files (Turbopack runtime, React, the Next.js client) plus the
// chunks of every client entry its server tree names: root layout, group layouts, error, not-found
// and loading boundaries, global-error and the page itself. This is what the browser fetches before
// the page is interactive; chunks loaded later (next/dynamic, import()) are not counted.
// Polyfills are left out, as Next.js does: modern browsers skip them (nomodule).
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const LIMIT_KB = Number(process.env.BUNDLE_LIMIT_KB || 170);
const dist = path.resolve(process.env.NEXT_DIST_DIR || ".next");
const buildManifest = path.join(dist, "build-manifest.json");
if (!fs.existsSync(buildManifest)) {
  console.error(`No build in ${dist}: run \`npm run build\` first.`);
  process.exit(1);
}

const rootMainFiles: string[] = JSON.parse(fs.readFileSync(buildManifest, "utf8")).rootMainFiles;
const gzipCache = new Map<string, number>();
function gzipBytes(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(fs.readFileSync(path.join(dist, file))).length;
    gzipCache.set(file, size);
  }
  return size;
}

function manifests(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return manifests(full);
    return e.name === "page_client-reference-manifest.js" ? [full] : [];
  });
}

interface Manifest {
  entryJSFiles: Record<string, string[]>;
}
function readManifest(file: string): [string, Manifest] {
  // The file assigns globalThis.__RSC_MANIFEST[<entry>] = {...}; evaluate it in a scratch object.
  const scope: { __RSC_MANIFEST?: Record<string, Manifest> } = {};
  new Function("globalThis", fs.readFileSync(file, "utf8"))(scope);
  const [entry, manifest] = Object.entries(scope.__RSC_MANIFEST ?? {})[0];
  return [entry, manifest];
}

/** "/(app)/agents/[id]/edit/page" → "/agents/[id]/edit" (route groups vanish). */
function routeOf(entry: string): string {
  const route = entry
    .replace(/\/page$/, "")
    .split("/")
    .filter((s) => s && !/^\(.*\)$/.test(s))
    .join("/");
  return `/${route}`;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const sharedBytes = rootMainFiles.reduce((sum, f) => sum + gzipBytes(f), 0);

const routes: Record<string, { firstLoadKb: number; pageKb: number; chunks: number }> = {};
// pageKb: what the page adds to its layouts; firstLoadKb: everything (the budget applies to it).
for (const file of manifests(path.join(dist, "server", "app"))) {
  const [entry, manifest] = readManifest(file);
  const route = routeOf(entry);
  if (route.startsWith("/_")) continue; // Next's own /_not-found and /_global-error
  const files = new Set(rootMainFiles);
  for (const chunks of Object.values(manifest.entryJSFiles)) for (const c of chunks) files.add(c);
  // The page's own chunks: those no layout or boundary around it also needs.
  const pageEntry = `[project]/app${entry}`;
  const around = new Set(Object.entries(manifest.entryJSFiles).flatMap(([name, chunks]) => (name === pageEntry ? [] : chunks)));
  const pageOnly = (manifest.entryJSFiles[pageEntry] ?? []).filter((c) => !rootMainFiles.includes(c) && !around.has(c));
  const total = [...files].reduce((sum, f) => sum + gzipBytes(f), 0);
  routes[route] = { firstLoadKb: kb(total), pageKb: kb(pageOnly.reduce((sum, f) => sum + gzipBytes(f), 0)), chunks: files.size };
}

const sorted = Object.fromEntries(Object.entries(routes).sort(([a], [b]) => a.localeCompare(b)));
const over = Object.entries(sorted)
  .filter(([, r]) => r.firstLoadKb > LIMIT_KB)
  .map(([route]) => route);
const largest = Math.max(...Object.values(sorted).map((r) => r.firstLoadKb));
console.log(JSON.stringify({ unit: "kB gzip", limitKb: LIMIT_KB, sharedRootKb: kb(sharedBytes), largestKb: largest, over, routes: sorted }, null, 2));
