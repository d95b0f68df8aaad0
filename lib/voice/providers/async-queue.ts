/**
 * A push-driven async iterable with one consumer: producers push() as data arrives, then end() or
 * fail(err). After the consumer stops (break/return) pushes are dropped and `onStop` runs once.
 */
export class AsyncQueue<T> implements AsyncIterable<T> {
  private items: T[] = [];
  private waiting: ((r: IteratorResult<T>) => void) | null = null;
  private waitingReject: ((err: unknown) => void) | null = null;
  private done = false;
  private error: unknown = null;
  private stopped = false;
  private readonly onStop?: () => void;

  constructor(onStop?: () => void) {
    this.onStop = onStop;
  }

  get closed(): boolean {
    return this.done || this.stopped;
  }

  push(item: T): void {
    if (this.done || this.stopped) return;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = this.waitingReject = null;
      resolve({ value: item, done: false });
    } else this.items.push(item);
  }

  end(): void {
    if (this.done) return;
    this.done = true;
    this.wake();
  }

  fail(err: unknown): void {
    if (this.done) return;
    this.done = true;
    this.error = err;
    this.wake();
  }

  private wake() {
    if (!this.waiting) return;
    const resolve = this.waiting;
    const reject = this.waitingReject!;
    this.waiting = this.waitingReject = null;
    if (this.error !== null) {
      const err = this.error;
      this.error = null;
      reject(err);
    } else resolve({ value: undefined, done: true });
  }

  private stop() {
    if (this.stopped) return;
    this.stopped = true;
    this.items = [];
    this.onStop?.();
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    return {
      next: () => {
        if (this.items.length > 0) return Promise.resolve({ value: this.items.shift()!, done: false });
        if (this.done || this.stopped) {
          if (this.error !== null && !this.stopped) {
            const err = this.error;
            this.error = null;
            return Promise.reject(err);
          }
          return Promise.resolve({ value: undefined, done: true });
        }
        return new Promise((resolve, reject) => {
          this.waiting = resolve;
          this.waitingReject = reject;
        });
      },
      return: () => {
        this.stop();
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }
}
