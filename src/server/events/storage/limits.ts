// Bounds on request numbers that become SQL LIMITs, so huge values cannot overflow SQLite.

/** Iterations read per task/metric by plot and image reads (`iters`). */
const MAX_ITERS = 10_000;

export function clampIters(iters: number): number {
  return Math.min(iters, MAX_ITERS);
}
