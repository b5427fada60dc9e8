import { describe, expect, it } from 'vitest';
import { wrapText } from '../../src/text/columns.js';
import { sanitize } from '../../src/text/sanitize.js';
import {
  BLOCK_UNITS,
  TEXT_START,
  blockCount,
  lastTop,
  layoutText,
  moveRows,
  positionLabel,
  scrollView,
  visibleRows,
  type TextPosition,
} from '../../src/text/text-layout.js';

/** Every row of the text, walking the view down one screen at a time. */
function allRows(text: string, width: number, height: number): string[] {
  const layout = layoutText(text);
  const rows: string[] = [];
  let top: TextPosition = TEXT_START;
  for (;;) {
    const shown = visibleRows(layout, top, width, height);
    const next = moveRows(layout, top, height, width);
    if (next.line === top.line && next.block === top.block && next.row === top.row + shown.length - 1) {
      rows.push(...shown);
      return rows;
    }
    rows.push(...shown.slice(0, height));
    if (shown.length < height) return rows;
    top = next;
  }
}

describe('a short text', () => {
  it('shows the same rows as wrapping the whole sanitised text', () => {
    const text = 'first line\nsecond \u001b]52;c;eA==\u0007line that is long enough to wrap\r\n\tthird\n';
    const layout = layoutText(text);
    expect(layout.lineStarts).toHaveLength(3);
    expect(visibleRows(layout, TEXT_START, 12, 50)).toEqual(wrapText(sanitize(text, { multiline: true }), 12));
  });

  it('has no position label when it fits, and cannot scroll', () => {
    const layout = layoutText('a\nb');
    expect(positionLabel(layout, TEXT_START, 10, 5)).toBe('');
    expect(scrollView(layout, TEXT_START, 3, 10, 5)).toEqual(TEXT_START);
  });

  it('gives an empty text one empty row', () => {
    expect(visibleRows(layoutText(''), TEXT_START, 10, 5)).toEqual(['']);
  });
});

describe('a 50 MB line', () => {
  const line = 'abcdefghij'.repeat(5_000_000);
  const layout = layoutText(line);

  it('is cut into blocks drawn one at a time, and the view holds only a screen', () => {
    expect(blockCount(layout, 0)).toBe(Math.ceil(line.length / BLOCK_UNITS));
    const rows = visibleRows(layout, TEXT_START, 100, 40);
    expect(rows).toHaveLength(40);
    expect(rows[0]).toBe('abcdefghij'.repeat(10));
    // Only the blocks drawn are remembered.
    expect(layout.cache.size).toBe(1);
  });

  it('scrolls down and back up to exactly the same rows, across block boundaries', () => {
    let top: TextPosition = TEXT_START;
    const seen: string[][] = [];
    for (let i = 0; i < 10; i++) {
      seen.push(visibleRows(layout, top, 100, 30));
      top = scrollView(layout, top, 29, 100, 30);
    }
    expect(top.block).toBeGreaterThan(0);
    for (let i = 9; i >= 0; i--) {
      top = scrollView(layout, top, -29, 100, 30);
      expect(visibleRows(layout, top, 100, 30)).toEqual(seen[i]);
    }
    expect(top).toEqual(TEXT_START);
  });

  it('stops at the last full screen, which ends with the line', () => {
    const last = lastTop(layout, 100, 30);
    expect(last.block).toBe(blockCount(layout, 0) - 1);
    const rows = visibleRows(layout, last, 100, 30);
    expect(rows).toHaveLength(30);
    expect(line.endsWith(rows.join('').slice(-500))).toBe(true);
    expect(scrollView(layout, last, 5, 100, 30)).toEqual(last);
    expect(positionLabel(layout, last, 100, 30)).toBe('100%');
    expect(positionLabel(layout, TEXT_START, 100, 30)).toBe('0%');
  });

  it('names the share of the text above the top row', () => {
    const middle = { line: 0, block: Math.floor(blockCount(layout, 0) / 2), row: 0 };
    expect(positionLabel(layout, middle, 100, 30)).toBe(
      `${Math.floor((100 * middle.block * BLOCK_UNITS) / line.length)}%`,
    );
  });
});

describe('block boundaries', () => {
  it('never cut a surrogate pair, and every character is shown once', () => {
    const text = `${'x'.repeat(BLOCK_UNITS - 1)}${'😀'.repeat(BLOCK_UNITS)}end`;
    const rows = allRows(text, 50, 20);
    const shown = rows.join('');
    expect(shown).not.toContain('\ufffd');
    expect(shown).toBe(text);
  });

  it('sanitise each block: a control sequence never reaches the screen', () => {
    const text = `${'y'.repeat(BLOCK_UNITS - 3)}\u001b]0;title\u0007${'z'.repeat(100)}\u001b[2J`;
    const shown = allRows(text, 80, 10).join('');
    expect(shown).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(shown.endsWith('z'.repeat(100))).toBe(true);
  });
});

describe('many lines', () => {
  it('moves across lines by rows and labels the line', () => {
    const text = Array.from({ length: 1000 }, (_, i) => `line ${i}`).join('\n');
    const layout = layoutText(text);
    const top = scrollView(layout, TEXT_START, 500, 40, 10);
    expect(visibleRows(layout, top, 40, 2)).toEqual(['line 500', 'line 501']);
    expect(positionLabel(layout, top, 40, 10)).toMatch(/^line 501\/1000 · \d+%$/);
    expect(moveRows(layout, top, -10_000, 40)).toEqual(TEXT_START);
    expect(visibleRows(layout, lastTop(layout, 40, 10), 40, 10).at(-1)).toBe('line 999');
  });

  it('keeps a position across a narrower view by clamping its row', () => {
    const layout = layoutText('a'.repeat(300));
    const top = { line: 0, block: 0, row: 5 };
    expect(visibleRows(layout, top, 100, 10)).toEqual(['a'.repeat(100)]);
  });
});
