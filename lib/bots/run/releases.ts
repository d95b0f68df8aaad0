import { errorText, type Logger } from "../../log.ts";

/**
 * What a run undoes at one moment (the end of its time in the meeting, or once it is gone): the last
 * one added is undone first, and one that throws never keeps the others from running.
 */
export class Releases {
  private readonly list: (() => unknown)[] = [];
  private readonly log: Logger;

  constructor(log: Logger) {
    this.log = log;
  }

  add(fn: () => unknown): void {
    this.list.push(fn);
  }

  /** Runs every release added so far, once. */
  releaseAll(): void {
    for (const fn of this.list.splice(0).reverse()) {
      try {
        fn();
      } catch (err) {
        this.log("release_error", { level: "warn", error: errorText(err) });
      }
    }
  }
}
