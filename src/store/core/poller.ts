// A poller runs one concern's fetch as a setTimeout chain: the next tick is scheduled only
// after the previous one finished, so ticks never overlap. Each tick gets its own
// AbortSignal (aborted by restart() and stop()). Failures the caller calls connection trouble
// back off exponentially with jitter; others keep the normal cadence. A watchdog tells the
// caller when a tick runs past its deadline; the tick itself goes on (its request has its own).
import { backoffDelay } from './backoff.js';

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** What the caller wants after a failed tick. */
export type FailureAction = 'backoff' | 'normal';

export interface PollerOptions {
  name: string;
  /** Delay between ticks; null = run only when woken. */
  intervalMs: number | null;
  backoffBaseMs: number;
  backoffCapMs: number;
  /** A different cap for some failures (e.g. rejected credentials); default backoffCapMs. */
  backoffCapFor?(err: unknown): number;
  timers: Timers;
  random: () => number;
  now: () => number;
  /** False while the concern is not wanted (e.g. its view is hidden): the poller sleeps until woken. */
  isEnabled(): boolean;
  /** One fetch. Throws on failure. Must not write state once `signal` is aborted. */
  tick(signal: AbortSignal): Promise<void>;
  /** Called as a tick starts. */
  onAttempt?(): void;
  /** How long a tick may run before onOverdue is called (null: no watchdog); asked as each tick starts. */
  overdueAfterMs?(): number | null;
  onOverdue?(): void;
  onSuccess?(): void;
  /** Decides how to go on after a failure; `retry` says when the backoff attempt is due. */
  onFailure?(err: unknown, retry: { attempt: number; at: number } | null): void;
  classify(err: unknown): FailureAction;
  /** True when the error is our own abort (dropped silently). */
  isAbort(err: unknown): boolean;
}

export class Poller {
  private timer: unknown = null;
  private running = false;
  private rerun = false;
  private controller: AbortController | null = null;
  private stopped = true;
  private failures = 0;
  private watchdog: unknown = null;
  private lastDuration: number | null = null;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly options: PollerOptions) {}

  get name(): string {
    return this.options.name;
  }

  /** Consecutive failures that backed off (0 after a success). */
  get failureCount(): number {
    return this.failures;
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** How long the last successful tick took (ms), null before the first. */
  get lastDurationMs(): number | null {
    return this.lastDuration;
  }

  /** True while waiting for a backoff attempt. */
  get isBackingOff(): boolean {
    return this.failures > 0 && !this.running && this.timer !== null;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  stop(): void {
    this.stopped = true;
    this.rerun = false;
    this.clearTimer();
    this.stopWatchdog();
    this.controller?.abort();
  }

  /** Runs as soon as possible: now when idle, right after the current tick when one is running. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.rerun = true;
      return;
    }
    this.clearTimer();
    this.schedule(0);
  }

  /** Forgets the failures so far: the next failure waits the first, shortest delay again. */
  resetBackoff(): void {
    this.failures = 0;
  }

  /** Aborts the running tick (its result is dropped) and runs again. */
  restart(): void {
    if (this.stopped) return;
    if (this.running) {
      this.rerun = true;
      this.controller?.abort();
      return;
    }
    this.wake();
  }

  /** Aborts the running tick and drops any scheduled one; the poller sleeps until woken. */
  cancel(): void {
    this.rerun = false;
    this.clearTimer();
    this.controller?.abort();
  }

  /** Resolves once no tick is running or scheduled to run at once (for tests and shutdown). */
  whenIdle(): Promise<void> {
    if (!this.running && !this.rerun) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private clearTimer(): void {
    if (this.timer !== null) {
      this.options.timers.clearTimeout(this.timer);
      this.timer = null;
    }
  }

  private schedule(ms: number): void {
    this.clearTimer();
    this.timer = this.options.timers.setTimeout(() => {
      this.timer = null;
      void this.run();
    }, ms);
  }

  private async run(): Promise<void> {
    if (this.stopped || this.running) return;
    if (!this.options.isEnabled()) {
      this.notifyIdle();
      return;
    }
    this.running = true;
    const controller = new AbortController();
    this.controller = controller;
    this.options.onAttempt?.();
    const startedAt = this.options.now();
    this.startWatchdog();
    let delay = this.options.intervalMs;
    try {
      await this.options.tick(controller.signal);
      if (!controller.signal.aborted) {
        this.failures = 0;
        this.lastDuration = this.options.now() - startedAt;
        this.stopWatchdog();
        this.options.onSuccess?.();
      }
    } catch (err) {
      if (!controller.signal.aborted && !this.options.isAbort(err)) {
        delay = this.afterFailure(err);
      }
    } finally {
      this.stopWatchdog();
      this.running = false;
      this.controller = null;
    }
    if (this.stopped) {
      this.notifyIdle();
      return;
    }
    if (this.rerun) {
      this.rerun = false;
      delay = 0;
    }
    if (delay !== null) this.schedule(delay);
    if (delay !== 0) this.notifyIdle();
  }

  private startWatchdog(): void {
    const ms = this.options.overdueAfterMs?.() ?? null;
    if (ms === null) return;
    this.watchdog = this.options.timers.setTimeout(() => {
      this.watchdog = null;
      this.options.onOverdue?.();
    }, ms);
  }

  private stopWatchdog(): void {
    if (this.watchdog !== null) {
      this.options.timers.clearTimeout(this.watchdog);
      this.watchdog = null;
    }
  }

  private afterFailure(err: unknown): number | null {
    const action = this.options.classify(err);
    if (action === 'normal') {
      this.failures = 0;
      this.options.onFailure?.(err, null);
      return this.options.intervalMs;
    }
    this.failures += 1;
    const delay = backoffDelay(this.failures, {
      baseMs: this.options.backoffBaseMs,
      capMs: this.options.backoffCapFor?.(err) ?? this.options.backoffCapMs,
      random: this.options.random,
    });
    this.options.onFailure?.(err, { attempt: this.failures, at: this.options.now() + delay });
    return delay;
  }

  private notifyIdle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const w of waiters) w();
  }
}
