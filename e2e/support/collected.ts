import type { Received } from "../../test/fakes/collector.ts";
import { E2E } from "./ports.ts";

/**
 * What this stack's pages sent to the analytics collector or the error reporter on `port`, oldest
 * first. Every slot's pages report to the same pair (e2e/support/ports.ts), told apart by origin.
 */
export async function collected(port: number): Promise<Received[]> {
  return (await fetch(`http://127.0.0.1:${port}/received?origin=${encodeURIComponent(E2E.appUrl)}`)).json();
}
