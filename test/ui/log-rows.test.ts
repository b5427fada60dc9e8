import { describe, expect, it } from 'vitest';
import type { LogLine } from '../../src/store/types.js';
import { logRowsInView, type LogRowsInput } from '../../src/ui/panes/log-rows.js';

const line = (id: number, text: string): LogLine => ({
  id,
  timestamp: id,
  level: 'info',
  text,
  plain: text,
  first: true,
});
const LONG = 'x'.repeat(95) + 'END';
const LINES = [line(0, 'zero'), line(1, LONG), line(2, 'two'), line(3, 'three')];
const base: LogRowsInput = {
  lines: LINES,
  top: 0,
  rows: 4,
  width: 40,
  wrap: false,
  hscroll: 0,
  follow: false,
  cursor: 0,
};

describe('logRowsInView', () => {
  it('cut: one row per line from top, sideways scroll drops columns', () => {
    expect(logRowsInView(base).map((p) => p.text)).toEqual(['zero', LONG, 'two', 'three']);
    expect(logRowsInView({ ...base, hscroll: 90 }).map((p) => p.text)).toEqual(['', 'xxxxxEND', '', '']);
  });

  it('wrapped: a long line takes several rows and its end is on screen', () => {
    const rows = logRowsInView({ ...base, wrap: true, rows: 6 });
    expect(rows.map((p) => p.text)).toEqual([
      'zero',
      'x'.repeat(40),
      'x'.repeat(40),
      'x'.repeat(15) + 'END',
      'two',
      'three',
    ]);
    expect(rows.map((p) => p.continuation)).toEqual([false, false, true, true, false, false]);
  });

  it('wrapped and following: the newest line is the last row', () => {
    const rows = logRowsInView({ ...base, wrap: true, follow: true, rows: 3 });
    expect(rows.map((p) => p.text)).toEqual(['x'.repeat(15) + 'END', 'two', 'three']);
  });

  it('wrapped: the selected line stays in view when it would fall below the pane', () => {
    const rows = logRowsInView({ ...base, wrap: true, rows: 3, cursor: 2 });
    expect(rows.at(-1)?.text).toBe('two');
    expect(rows).toHaveLength(3);
  });
});
