import fs from "node:fs";
import path from "node:path";

// Every route.ts under app/api, found on disk, so routes added later are walked without anyone
// listing them.
export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

interface Segment {
  /** The folder name: "agents", "[id]", "[...path]"; route groups "(x)" are dropped. */
  name: string;
  param?: { name: string; catchAll: boolean };
}

export interface RouteFile {
  /** Relative to app/api, e.g. "agents/[id]/status". */
  key: string;
  file: string;
  segments: Segment[];
}

const API_DIR = path.resolve(import.meta.dirname, "../../app/api");

function segment(name: string): Segment {
  const match = /^\[(\[)?(\.\.\.)?([^\]]+)\]?\]$/.exec(name);
  return match ? { name, param: { name: match[3], catchAll: Boolean(match[2]) } } : { name };
}

export function discoverRoutes(): RouteFile[] {
  const found: RouteFile[] = [];
  for (const entry of fs.readdirSync(API_DIR, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name !== "route.ts") continue;
    const relDir = path.relative(API_DIR, entry.parentPath);
    const names = relDir ? relDir.split(path.sep).filter((n) => !/^\(.*\)$/.test(n)) : [];
    found.push({ key: names.join("/"), file: path.join(entry.parentPath, entry.name), segments: names.map(segment) });
  }
  return found.sort((a, b) => a.key.localeCompare(b.key));
}

function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return "%EF%BF%BD"; // a lone surrogate has no URL form; handlers still get the raw value
  }
}

/** The URL path of a route with the given parameter values. */
export function urlPath(route: RouteFile, params: Record<string, string | string[]>): string {
  const parts = route.segments.map((s) => {
    if (!s.param) return s.name;
    const value = params[s.param.name];
    return (Array.isArray(value) ? value : [value]).map(encode).join("/");
  });
  return `/api/${parts.join("/")}`;
}
