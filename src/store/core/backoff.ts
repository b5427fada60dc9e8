// Delay before the next attempt after consecutive failures: exponential, capped, jittered so
// that many monitors watching one server do not retry in step after an outage.

export interface BackoffOptions {
  baseMs: number;
  capMs: number;
  /** Returns [0, 1); injectable so tests get fixed delays. */
  random: () => number;
}

/** `attempt` counts failures of the current outage, from 1. */
export function backoffDelay(attempt: number, options: BackoffOptions): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 30);
  const ceiling = Math.min(options.capMs, options.baseMs * 2 ** exponent);
  // Half fixed, half random: never shorter than half the ceiling, never above the cap.
  return Math.round(ceiling / 2 + (ceiling / 2) * options.random());
}
