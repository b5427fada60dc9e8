// Real timers, wrapped to count the ones still pending (to check that stop() leaves none) and to
// tell when each is due (a poll interval from a wake: test/helpers/model-driver.ts).
export interface TrackedTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  pending(): number;
  /** Pending timers due within `ms` from now. */
  dueWithin(ms: number): number;
}

export function trackedTimers(): TrackedTimers {
  const live = new Map<ReturnType<typeof setTimeout>, number>();
  return {
    setTimeout(fn, ms) {
      const handle = setTimeout(() => {
        live.delete(handle);
        fn();
      }, ms);
      live.set(handle, Date.now() + ms);
      return handle;
    },
    clearTimeout(handle) {
      live.delete(handle as ReturnType<typeof setTimeout>);
      clearTimeout(handle as ReturnType<typeof setTimeout>);
    },
    pending: () => live.size,
    dueWithin(ms) {
      const limit = Date.now() + ms;
      let due = 0;
      for (const at of live.values()) if (at <= limit) due++;
      return due;
    },
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns true (no fixed sleeps in tests). */
export async function waitFor(check: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}
