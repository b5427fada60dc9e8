// A very long console log (50,000 lines by default) for exercising log paging: timestamps
// spread over hours, runs of lines sharing one timestamp, and recognisable first and last
// lines. Every event is a single line so the line count equals the event count.
import type { LogEventInput } from '../wire/events.js';
import { scalarsAt, type RunShape, type ScalarPoint } from './curves.js';
import { IterationLines, nextLine, type LogContext } from './log-lines.js';
import { createRng } from './random.js';

interface BigLogOptions {
  task: string;
  taskName: string;
  /** The run's curves, printed in metric lines. */
  shape: RunShape;
  lines: number;
  /** Timestamp of the first line (epoch ms). */
  startMs: number;
  /** Time from the first to the last line. */
  spanMs: number;
  seed: number;
  worker: string;
  itersPerEpoch?: number;
  /** Iterations the log covers (line i is printed at iteration i * iterations / lines). */
  iterations?: number;
}

export function bigLogFirstLine(lines: number): string {
  return `[demo] log start: line 1 of ${lines}`;
}

export function bigLogLastLine(lines: number): string {
  return `[demo] log end: line ${lines} of ${lines}`;
}

/** Yields the log events in timestamp order (non-decreasing). */
export function* bigLogEvents(opts: BigLogOptions): Generator<LogEventInput> {
  const rng = createRng(opts.seed);
  const total = Math.max(1, Math.floor(opts.lines));
  const step = opts.spanMs / Math.max(1, total - 1);
  const itersPerEpoch = opts.itersPerEpoch ?? 500;
  const iterations = Math.max(1, opts.iterations ?? Math.ceil(total / 5));
  const width = String(total).length;
  let previous = opts.startMs;
  let sharedLeft = 0;
  let scalarsIter = -1;
  let scalars: ScalarPoint[] = [];
  let previousLine: string | undefined;
  // Many lines share an iteration: its metrics, progress and "done" lines still come once.
  let said = new IterationLines();
  for (let i = 0; i < total; i += 1) {
    const iter = Math.floor((i * iterations) / total);
    let timestamp: number;
    if (i === total - 1) {
      timestamp = Math.max(previous, Math.round(opts.startMs + opts.spanMs));
    } else if (sharedLeft > 0) {
      sharedLeft -= 1;
      timestamp = previous;
    } else {
      // Jitter stays below one step, so timestamps never go backwards.
      timestamp = Math.max(previous, Math.round(opts.startMs + i * step + rng.next() * step * 0.9));
      if (rng.chance(0.03)) sharedLeft = rng.int(1, 6);
    }
    previous = timestamp;
    let msg: string;
    let level: string = 'info';
    if (i === 0) {
      msg = bigLogFirstLine(total);
    } else if (i === total - 1) {
      msg = bigLogLastLine(total);
    } else {
      if (iter !== scalarsIter) {
        scalars = scalarsAt(opts.shape, iter);
        scalarsIter = iter;
        said = new IterationLines();
      }
      const ctx: LogContext = { taskName: opts.taskName, kind: opts.shape.kind, iter, itersPerEpoch, scalars };
      const line = nextLine(rng, ctx, previousLine, said);
      said.add(line.msg);
      previousLine = line.msg;
      level = line.level;
      msg = `#${String(i + 1).padStart(width, '0')} ${line.msg}`;
    }
    yield { type: 'log', task: opts.task, iter, timestamp, level, msg, worker: opts.worker };
  }
}
