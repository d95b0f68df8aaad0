import tls from "node:tls";
import { afterAll, afterEach, beforeAll } from "vitest";
import { startVoiceFakes, TEST_TLS, type VoiceFakes } from "./server.ts";

/** Makes this process trust the fakes' test certificate, for SDKs that only speak wss:// (AssemblyAI's, Cartesia's). */
export function trustTestCertificate(): void {
  tls.setDefaultCACertificates([...tls.getCACertificates("default"), TEST_TLS.cert]);
}

/**
 * The voice fakes for one Vitest file: started before its first test, back to their defaults after
 * each test, closed after the last. `tls`: on https/wss, trusted by this process. `providersEnv`:
 * every provider's base URL points at them while the file runs (PROVIDER_BASE_URL_*, private
 * addresses allowed), as the app's own code finds them. The object answers for the running fakes.
 */
export function voiceFakesForFile(opts: { tls?: boolean; providersEnv?: boolean } = {}): VoiceFakes {
  let running: VoiceFakes | undefined;
  const saved = { ...process.env };
  beforeAll(async () => {
    if (opts.tls) trustTestCertificate();
    running = await startVoiceFakes({ tls: opts.tls });
    if (opts.providersEnv) Object.assign(process.env, running.env, { ALLOW_PRIVATE_PROVIDER_URLS: "1" });
  });
  afterEach(() => running?.reset());
  afterAll(async () => {
    await running?.close();
    if (!opts.providersEnv) return;
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  });
  return new Proxy({} as VoiceFakes, {
    get(_target, key) {
      if (!running) throw new Error("The voice fakes start before the file's first test (beforeAll).");
      return Reflect.get(running, key);
    },
  });
}
