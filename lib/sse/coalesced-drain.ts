/**
 * Work a stream does when woken (read what is new and send it), serialised and coalesced: at most
 * one run at a time and one more queued, however many wake-ups come meanwhile. A run that throws is
 * reported to `failed` and goes again half a second later. Returns `wake`.
 */
export function coalescedDrain(run: () => Promise<void>, opts: { closed: () => boolean; failed: (err: unknown) => void }): () => void {
  let again = false;
  let running: Promise<void> | null = null;
  async function drain() {
    do {
      again = false;
      try {
        await run();
      } catch (err) {
        opts.failed(err);
        again = true;
        await new Promise((r) => setTimeout(r, 500));
      }
    } while (again && !opts.closed());
  }
  return () => {
    if (opts.closed()) return;
    if (running) {
      again = true;
      return;
    }
    running = drain().finally(() => (running = null));
  };
}
