import path from "node:path";

// Every setting Cohost reads from the environment, with its default. README's configuration table
// mirrors this file; keep the two in step.
export function dataDir(): string {
  // DATA_DIR holds run-time data (database, secrets, mail), never code: the ignore comment keeps the
  // build's file tracer from following this dynamic path and copying the whole project into the
  // server output.
  return path.resolve(/* turbopackIgnore: true */ process.env.DATA_DIR || ".data");
}

export function port(): number {
  return Number(process.env.PORT || 3000);
}

export function appUrl(): string {
  return (process.env.APP_URL || `http://localhost:${port()}`).replace(/\/$/, "");
}

/** Cohost is served over https: HSTS, Secure cookies and upgrade-insecure-requests follow from it. */
export function servedOverHttps(): boolean {
  return appUrl().startsWith("https://");
}
