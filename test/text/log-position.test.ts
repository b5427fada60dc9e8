import { describe, expect, it } from 'vitest';
import { wrapColumns, wrapWords } from '../../src/text/columns.js';
import { logPosition, newLinesMarker } from '../../src/text/log-position.js';

describe('logPosition', () => {
  const at = (index: number, lines: number, atEnd: boolean, olderHidden: number | null, newerHidden: number | null) =>
    logPosition({ index, lines, atEnd, olderHidden, newerHidden });

  it('counts from the first line when the window came from the log start', () => {
    expect(at(344, 2000, true, 12_000, 0)).toBe('line 12,345 of 14,000');
    expect(at(9, 400, false, 0, null)).toBe('line 10 of 400+');
    expect(at(9, 400, false, 0, 36_000)).toBe('line 10 of ~36,400');
  });

  it('counts back from the newest line, past the lines the window left behind', () => {
    expect(at(199, 200, true, null, 0)).toBe('newest line');
    expect(at(79, 200, true, null, 0)).toBe('120 lines before the newest');
    expect(at(0, 2000, false, null, 48_000)).toBe('~49,999 lines before the newest');
  });

  it('says nothing when neither end was seen', () => {
    expect(at(5, 200, false, null, null)).toBeNull();
    expect(at(0, 0, true, 0, 0)).toBeNull();
  });

  it('marks new lines only when there are some', () => {
    expect(newLinesMarker(0)).toBeNull();
    expect(newLinesMarker(1)).toBe('1 new line (G: go)');
    expect(newLinesMarker(1500)).toBe('1,500 new lines (G: go)');
  });
});

describe('wrapWords', () => {
  it('breaks after a space rather than inside a word', () => {
    expect(wrapWords('epoch 12 loss 0.1234 accuracy 0.98', 16)).toEqual(['epoch 12 loss ', '0.1234 accuracy ', '0.98']);
    expect(wrapColumns('epoch 12 loss 0.1234 accuracy 0.98', 16)[0]).toBe('epoch 12 loss 0.');
  });

  it('breaks inside a word too long for a row, and keeps every character', () => {
    const text = 'a /very/long/path/without/spaces/at/all.txt end';
    const rows = wrapWords(text, 12);
    expect(rows.join('')).toBe(text);
    for (const row of rows) expect(row.length).toBeLessThanOrEqual(12);
    expect(rows[0]).toBe('a /very/long');
  });

  it('gives one row for empty text and keeps wide characters whole', () => {
    expect(wrapWords('', 10)).toEqual(['']);
    const rows = wrapWords('训练 损失 值很高', 6);
    expect(rows.join('')).toBe('训练 损失 值很高');
  });
});
