// Start-up phase marks for the benchmarks: with TRACKTOP_PHASES=FILE, the ms from the process's
// start to each phase of a start, appended to FILE as one JSON line once the first frame is
// out (bench/startup.mjs and bench/monitor.mjs print them). Unset, a mark is one comparison.
import { appendFileSync } from 'node:fs';

/**
 * In the order they are written: main() entered, the profile resolved, the first requests
 * sent, the login answered, the task list answered, the UI's modules (Ink, React, the panes)
 * loaded, the first frame written.
 */
export const PHASES = ['main', 'config', 'requests', 'login', 'tasks', 'modules', 'frame'] as const;
export type Phase = (typeof PHASES)[number];

export interface PhaseRecorder {
  /** False when unset: callers skip what they would do only to mark a phase. */
  readonly enabled: boolean;
  /** Notes the phase's first time; `frame` writes the line (once). */
  mark(phase: Phase): void;
}

/** `now`: ms since the process started (performance.now counts from Node's time origin). */
export function createPhaseRecorder(
  file: string | undefined,
  now: () => number = () => performance.now(),
  write: (file: string, line: string) => void = appendFileSync,
): PhaseRecorder {
  if (file === undefined || file === '') return { enabled: false, mark: () => undefined };
  const times = new Map<Phase, number>();
  let written = false;
  return {
    enabled: true,
    mark(phase) {
      if (written || times.has(phase)) return;
      times.set(phase, Math.round(now() * 10) / 10);
      if (phase !== 'frame') return;
      written = true;
      const line: Partial<Record<Phase, number>> = {};
      for (const p of PHASES) if (times.has(p)) line[p] = times.get(p);
      try {
        write(file, `${JSON.stringify(line)}\n`);
      } catch {
        // A benchmark's aid: a file that cannot be written must not stop the monitor.
      }
    },
  };
}

/** The process's recorder, on TRACKTOP_PHASES. */
export const phases: PhaseRecorder = createPhaseRecorder(process.env.TRACKTOP_PHASES);
