// The time the demo's embedded server stamps on what it stores. Seeding sets it to each run's
// own past (created, started, last update, completed agree with the run's log); the live runs
// then write at the real time.
export interface DemoClock {
  /** Epoch ms: the set time, else the real one. */
  now(): number;
  /** Stamps writes at `ms` from now on; undefined returns to the real time. */
  set(ms: number | undefined): void;
}

export function createDemoClock(real: () => number = Date.now): DemoClock {
  let fixed: number | undefined;
  return {
    now: () => fixed ?? real(),
    set(ms) {
      fixed = ms;
    },
  };
}
