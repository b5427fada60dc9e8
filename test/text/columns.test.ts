import { describe, expect, it } from 'vitest';
import { dropColumns, wrapColumns, columnsOf, wrapWords } from '../../src/text/columns.js';

describe('dropColumns', () => {
  it('drops the first columns, keeping clusters whole', () => {
    expect(dropColumns('abcdef', 0)).toBe('abcdef');
    expect(dropColumns('abcdef', 2)).toBe('cdef');
    expect(dropColumns('abc', 5)).toBe('');
    expect(dropColumns('e\u0301xyz', 1)).toBe('xyz');
  });

  it('turns a wide character cut in half into a space so columns stay aligned', () => {
    expect(dropColumns('日本語', 1)).toBe(' 本語');
    expect(dropColumns('日本語', 2)).toBe('本語');
  });
});

describe('wrapColumns', () => {
  it('cuts a 400-character line into rows of the width, losing nothing', () => {
    const line = Array.from({ length: 400 }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
    const rows = wrapColumns(line, 78);
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.length <= 78)).toBe(true);
    expect(rows.join('')).toBe(line);
  });

  it('never splits a wide character and gives one row for empty text', () => {
    expect(wrapColumns('日本語', 3)).toEqual(['日', '本', '語']);
    expect(wrapColumns('', 10)).toEqual(['']);
    expect(columnsOf('日本a')).toBe(5);
  });
});

describe('wrapWords with a row limit', () => {
  it('is wrapColumns when the rows fit', () => {
    expect(wrapWords('abcdefghij', 4, 3)).toEqual(wrapColumns('abcdefghij', 4));
    expect(wrapWords('', 4, 3)).toEqual(['']);
  });

  it('keeps the first rows only, the last ending in the ellipsis, and never splits a wide character', () => {
    expect(wrapWords('abcdefghij', 4, 2)).toEqual(['abcd', 'efg…']);
    expect(wrapWords('日本語のテキスト', 5, 2, '...')).toEqual(['日本', '語...']);
  });
});
