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

  it("wrapped: a 50 MB line takes at most the pane's rows, its last one ending in an ellipsis", () => {
    const huge = 'h'.repeat(50_000_000);
    const rows = logRowsInView({ ...base, lines: [line(0, huge)], wrap: true, rows: 5, width: 40 });
    expect(rows.map((p) => p.text)).toEqual([...Array<string>(4).fill('h'.repeat(40)), `${'h'.repeat(39)}…`]);
    const following = logRowsInView({
      ...base,
      lines: [line(0, 'a'), line(1, huge)],
      wrap: true,
      rows: 5,
      follow: true,
    });
    expect(following).toHaveLength(5);
    expect(following.every((p) => p.line.id === 1)).toBe(true);
  });
});
