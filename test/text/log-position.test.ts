import { describe, expect, it } from 'vitest';
import { wrapColumns, wrapWords } from '../../src/text/columns.js';
import { logPosition, newLinesMarker } from '../../src/text/log-position.js';

describe('logPosition', () => {
  it('counts from the first line when the window holds the log start', () => {
    expect(logPosition({ index: 12_344, lines: 50_000, atStart: true, atEnd: true })).toBe('line 12,345 of 50,000');
    expect(logPosition({ index: 9, lines: 400, atStart: true, atEnd: false })).toBe('line 10 of 400+');
  });

  it('counts back from the newest line when only the end is held', () => {
    expect(logPosition({ index: 199, lines: 200, atStart: false, atEnd: true })).toBe('newest line');
    expect(logPosition({ index: 79, lines: 200, atStart: false, atEnd: true })).toBe('120 lines before the newest');
  });

  it('says nothing exact in the middle of a long log', () => {
    expect(logPosition({ index: 5, lines: 200, atStart: false, atEnd: false })).toBeNull();
    expect(logPosition({ index: 0, lines: 0, atStart: true, atEnd: true })).toBeNull();
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
