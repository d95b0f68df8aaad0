import path from "node:path";

// Every setting Cohost reads from the environment, with its default. README's configuration table
// mirrors this file; keep the two in step.
export function dataDir(): string {
  return path.resolve(process.env.DATA_DIR || ".data");
}

export function port(): number {
  return Number(process.env.PORT || 3000);
}

export function appUrl(): string {
  return (process.env.APP_URL || `http://localhost:${port()}`).replace(/\/$/, "");
}
