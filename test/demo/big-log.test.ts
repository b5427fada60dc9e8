import { describe, expect, it } from 'vitest';
import { bigLogEvents, bigLogFirstLine, bigLogLastLine } from '../../src/demo/big-log.js';
import type { RunShape } from '../../src/demo/curves.js';

const shape: RunShape = {
  kind: 'vision',
  seed: 3,
  totalIters: 400,
  warmupIters: 15,
  baseLr: 0.4,
  valEvery: 5,
  difficulty: 0.2,
};
const HOUR = 3_600_000;
const opts = {
  task: 't1',
  taskName: 'long',
  shape,
  lines: 50_000,
  startMs: 1_700_000_000_000,
  spanMs: 4 * HOUR,
  seed: 9,
  worker: 'w',
  iterations: 400,
};

describe('bigLogEvents', () => {
  const events = [...bigLogEvents(opts)];

  it('yields the requested number of single-line log events', () => {
    expect(events).toHaveLength(50_000);
    expect(events.every((e) => e.type === 'log' && e.task === 't1' && !e.msg.includes('\n'))).toBe(true);
  });

  it('has recognisable first and last lines', () => {
    expect(events[0]?.msg).toBe(bigLogFirstLine(50_000));
    expect(events[0]?.msg).toBe('[demo] log start: line 1 of 50000');
    expect(events.at(-1)?.msg).toBe(bigLogLastLine(50_000));
    expect(events.at(-1)?.msg).toBe('[demo] log end: line 50000 of 50000');
  });

  it('spreads timestamps over the whole span without going backwards, with runs of equal timestamps', () => {
    const ts = events.map((e) => e.timestamp ?? NaN);
    expect(ts[0]).toBeGreaterThanOrEqual(opts.startMs);
    expect(ts.at(-1)).toBe(opts.startMs + opts.spanMs);
    let ties = 0;
    let backwards = 0;
    for (let i = 1; i < ts.length; i += 1) {
      if ((ts[i] ?? 0) < (ts[i - 1] ?? 0)) backwards += 1;
      if (ts[i] === ts[i - 1]) ties += 1;
    }
    expect(backwards).toBe(0);
    expect(ties).toBeGreaterThan(100);
    expect(new Set(ts).size).toBeGreaterThan(40_000);
  });

  it("numbers the lines and covers the run's iterations in order", () => {
    expect(events[41]?.msg.startsWith('#00042 ')).toBe(true);
    expect(events[0]?.iter).toBe(0);
    expect(events.at(-1)?.iter).toBe(399);
    expect(events.some((e) => e.msg.includes('\u001b['))).toBe(true);
  });

  it('is deterministic for a seed', () => {
    const again = [...bigLogEvents({ ...opts, lines: 500 })];
    expect([...bigLogEvents({ ...opts, lines: 500 })]).toEqual(again);
  });
});
