// Fixed ports for the e2e stacks, derived from one base so parallel checkouts can pick another base
// with E2E_PORT. The Playwright config, the stack launcher and the test workers evaluate this
// separately, so the numbers must be deterministic (no random ports here).
//
// Each Playwright worker has a stack of its own (its slot: the worker's TEST_PARALLEL_INDEX, 0 in
// every other process), so tests in different workers never share a database, a mailbox or the
// voice fakes' scripts (e2e/support/server.ts). Slot k's ports are slot 0's plus k × SLOT_STRIDE.
// Only the analytics collector and the error reporter are one pair for all slots: their addresses
// are compiled into the build (NEXT_PUBLIC_*), which every slot serves; they tell the slots apart by
// the page's origin (e2e/support/collected.ts).
const base = Number(process.env.E2E_PORT || 3210);
const SLOT_STRIDE = 1000;

export type StackPorts = ReturnType<typeof stackPorts>;

export function stackPorts(slot: number) {
  const at = base + SLOT_STRIDE * slot;
  return {
    slot,
    appPort: at,
    appUrl: `http://localhost:${at}`,
    /** The stack's control API: captured mail, PostgreSQL stop/start (e2e/support/server.ts). */
    mailApiPort: at + 1,
    controlUrl: `http://127.0.0.1:${at + 1}`,
    smtpPort: at + 2,
    oidcPort: at + 3,
    // The analytics collector and the error reporter, on origins of their own like the real services.
    analyticsPort: base + 4,
    errorReportPort: base + 5,
    /** The voice fakes (every STT/AI/TTS provider; control API under /__control). */
    voiceFakesPort: at + 6,
    /** The Google (and Microsoft) calendar stand-ins; control API under /__control (test/fakes/calendar). */
    calendarFakesPort: at + 9,
    /** A billing tick every 5 s, so the tests see several in a short meeting. */
    billingIntervalMs: 5000,
    stateFile: `.data-e2e-${at}/state.json`,
    dataDir: `.data-e2e-${at}`,
  };
}

/** This process's stack. */
export const E2E = stackPorts(Number(process.env.TEST_PARALLEL_INDEX || 0));

/** Where the launcher (slot 0's control API) starts the other slots' stacks on demand. */
export const launcherUrl = stackPorts(0).controlUrl;
