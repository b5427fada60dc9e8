// Builders of events for the tests.
import type { Harness } from './events-harness.js';
import { jsonLines } from './events-harness.js';

export const SV = -2147483648;

export function scalar(
  task: string,
  metric: string,
  variant: string,
  iter: number,
  value: number,
  extra: Record<string, unknown> = {},
) {
  return { task, type: 'training_stats_scalar', metric, variant, iter, value, ...extra };
}

/** Log line `i` of `task`: iteration `i`, message `line i`, written at `t0 + i`. */
export function logLine(task: string, i: number, fields: Record<string, unknown> = {}, t0 = 1000) {
  return { task, type: 'log', iter: i, level: 'info', msg: `line ${i}`, timestamp: t0 + i, ...fields };
}

export async function add(h: Harness, events: unknown[]): Promise<void> {
  const r = await h.call('events.add_batch', undefined, {
    raw: jsonLines(events),
    contentType: 'application/json-lines',
  });
  if (r.status !== 200) throw new Error(`add_batch failed: ${r.msg}`);
}

/** `[f(0), …, f(n-1)]`; the indices themselves without `f`. */
export const range = <T = number>(n: number, f: (i: number) => T = (i) => i as T): T[] =>
  Array.from({ length: n }, (_, i) => f(i));
