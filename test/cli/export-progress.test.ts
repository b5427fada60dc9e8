// The export progress line: its text, at most one redraw per 200 ms, nothing when stderr is
// not a terminal.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createProgress, formatDuration, formatProgress } from '../../src/cli/export/progress.js';

class FakeStderr extends Writable {
  chunks: string[] = [];
  constructor(
    readonly isTTY: boolean,
    readonly columns = 100,
  ) {
    super();
  }
  override _write(chunk: Buffer, _enc: string, done: () => void): void {
    this.chunks.push(chunk.toString());
    done();
  }
}

describe('formatProgress', () => {
  it('shows a bar, count of total, rate and ETA when the total is known', () => {
    expect(formatProgress({ unit: 'points', done: 5000, total: 20_000, elapsedMs: 2000 })).toBe(
      '[#####---------------]  5000/20.0k points  2500/s  ETA 00:06',
    );
  });

  it('shows count, rate and elapsed time without a total', () => {
    expect(formatProgress({ unit: 'lines', done: 1_500_000, elapsedMs: 65_000, note: 'x' })).toBe(
      '1.50M lines  23.1k/s  01:05  x',
    );
  });

  it('formats durations with hours when needed', () => {
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(Number.NaN)).toBe('--:--');
  });
});

describe('createProgress', () => {
  it('redraws at most every 200 ms on a terminal and ends the line on finish', () => {
    const stderr = new FakeStderr(true);
    let t = 0;
    const progress = createProgress('points', stderr, () => t);
    progress.setTotal(100);
    for (let i = 1; i <= 100; i += 1) {
      t += 10; // 1 s in all
      progress.set(i);
    }
    progress.finish();
    const draws = stderr.chunks.filter((c) => c.startsWith('\r'));
    expect(draws.length).toBeGreaterThanOrEqual(5);
    expect(draws.length).toBeLessThanOrEqual(7);
    expect(draws.at(-1)).toContain('100/100 points');
    expect(stderr.chunks.at(-1)).toBe('\n');
  });

  it('writes nothing when stderr is not a terminal', () => {
    const stderr = new FakeStderr(false);
    const progress = createProgress('lines', stderr);
    progress.set(10);
    progress.finish();
    progress.clear();
    expect(stderr.chunks).toEqual([]);
  });
});
