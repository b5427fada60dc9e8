// A one-shot timer that its owner can restart (a new run replaces the pending one) and stop.
// Slices keep theirs in their own bookkeeping and stop them when the store stops.
import type { Timers } from './poller.js';

export class OneShot {
  private handle: unknown = null;

  constructor(private readonly timers: Timers) {}

  get pending(): boolean {
    return this.handle !== null;
  }

  /** Runs `fn` once after `ms`, instead of any run still pending. */
  restart(ms: number, fn: () => void): void {
    this.stop();
    this.handle = this.timers.setTimeout(() => {
      this.handle = null;
      fn();
    }, ms);
  }

  /** Drops the pending run, if any. */
  stop(): void {
    if (this.handle === null) return;
    this.timers.clearTimeout(this.handle);
    this.handle = null;
  }
}
