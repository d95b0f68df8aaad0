// Fixed ports for the e2e stack, derived from one base so parallel checkouts can pick another base
// with E2E_PORT. The Playwright config and the test workers evaluate this separately, so the
// numbers must be deterministic (no random ports here).
const base = Number(process.env.E2E_PORT || 3210);

export const E2E = {
  appPort: base,
  appUrl: `http://localhost:${base}`,
  /** The stack's control API: captured mail, PostgreSQL stop/start (e2e/support/server.ts). */
  mailApiPort: base + 1,
  controlUrl: `http://127.0.0.1:${base + 1}`,
  smtpPort: base + 2,
  oidcPort: base + 3,
  // The analytics collector and the error reporter, on origins of their own like the real services.
  analyticsPort: base + 4,
  errorReportPort: base + 5,
  /** The voice fakes (every STT/AI/TTS provider; control API under /__control). */
  voiceFakesPort: base + 6,
  /** A billing tick every 5 s, so the tests see several in a short meeting. */
  billingIntervalMs: 5000,
  stateFile: `.data-e2e-${base}/state.json`,
  dataDir: `.data-e2e-${base}`,
};
