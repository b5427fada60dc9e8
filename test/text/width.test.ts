import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { sanitize } from '../../src/text/sanitize.js';
import { displayWidth, fitToWidth, stripSgr, truncateToWidth } from '../../src/text/width.js';

const RED = '\u001b[31m';
const RESET = '\u001b[0m';

describe('displayWidth', () => {
  it('counts printable ASCII one column per character', () => {
    expect(displayWidth('hello world')).toBe(11);
    expect(displayWidth('')).toBe(0);
  });

  it('counts East Asian wide and fullwidth characters as two columns', () => {
    expect(displayWidth('漢字')).toBe(4);
    expect(displayWidth('ＡＢ')).toBe(4);
    expect(displayWidth('a漢b')).toBe(4);
  });

  it('counts emoji, including ZWJ sequences and flags, as two columns', () => {
    expect(displayWidth('😀')).toBe(2);
    expect(displayWidth('👨‍👩‍👧')).toBe(2);
    expect(displayWidth('🇫🇷')).toBe(2);
  });

  it('counts combining marks as zero columns', () => {
    expect(displayWidth('e\u0301')).toBe(1);
    expect(displayWidth('a\u0300\u0301\u0302')).toBe(1);
  });

  it('counts SGR sequences as zero columns', () => {
    expect(displayWidth(`${RED}red${RESET}`)).toBe(3);
  });

  it('agrees with string-width (what Ink measures) on every single code point once sanitised', () => {
    // Every 61st code point of all planes: each Unicode block is sampled many times.
    for (let cp = 0; cp <= 0x10ffff; cp += 61) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const s = sanitize(String.fromCodePoint(cp));
      if (displayWidth(s) !== stringWidth(s))
        expect(`U+${cp.toString(16)} ${displayWidth(s)}`).toBe(`U+${cp.toString(16)} ${stringWidth(s)}`);
    }
  });

  it('agrees with string-width on sanitised mixed text with clusters', () => {
    const pieces = [
      'a',
      ' ',
      'Z',
      '漢',
      'ｶ',
      'ﾞ',
      'é',
      'e',
      '\u0301',
      '\u0308',
      '\u20e3',
      '1',
      '#',
      '\ufe0f',
      '\ufe0e',
      '\u200d',
      '😀',
      '👨',
      '👩',
      '🏻',
      '🇫',
      '🇷',
      '🇩',
      '☺',
      '©',
      'ก',
      '\u0e31',
      'न',
      '\u093f',
      '\u094d',
      '\u1100',
      '\u1161',
      '\u11a8',
      '가',
      '\u200b',
      '\u00ad',
      'ॐ',
      '\u{e0067}',
      '🏴',
      '\u0600',
      '\u0e33',
      '\u0903',
      '\ud7b0',
      '\u3099',
      'か',
      'ー',
      '🧑',
      '❤',
      '🔥',
      'ا',
      '\u064b',
    ];
    let seed = 99;
    const random = (): number => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    for (let run = 0; run < 5000; run++) {
      let s = '';
      const length = 1 + Math.floor(random() * 12);
      for (let k = 0; k < length; k++) s += pieces[Math.floor(random() * pieces.length)];
      const clean = sanitize(s);
      expect(displayWidth(clean), JSON.stringify(s)).toBe(stringWidth(clean));
    }
  });

  it('measures very long non-ASCII lines in linear time', () => {
    for (const unit of ['ไทย', '😀', 'a\u0301', '漢']) {
      const line = unit.repeat(40_000);
      // CPU time, not wall time: other processes on a loaded machine do not count against it.
      const start = process.cpuUsage();
      displayWidth(line);
      truncateToWidth(line, 100);
      const used = process.cpuUsage(start);
      expect((used.user + used.system) / 1000, unit).toBeLessThan(500);
    }
  });
});

describe('truncateToWidth', () => {
  it('returns text that already fits unchanged', () => {
    expect(truncateToWidth('abc', 3)).toBe('abc');
    expect(truncateToWidth(`${RED}abc`, 3)).toBe(`${RED}abc`);
  });

  it('cuts plain text to the width', () => {
    expect(truncateToWidth('abcdef', 4)).toBe('abcd');
    expect(truncateToWidth('abcdef', 0)).toBe('');
  });

  it('never splits a wide character across the limit', () => {
    expect(truncateToWidth('a漢字', 2)).toBe('a');
    expect(truncateToWidth('a漢字', 3)).toBe('a漢');
    expect(truncateToWidth('😀😀', 3)).toBe('😀');
  });

  it('keeps a combining mark with its base character', () => {
    expect(truncateToWidth('e\u0301e\u0301e\u0301', 2)).toBe('e\u0301e\u0301');
  });

  it('never cuts an SGR sequence and closes an open style with ESC[0m', () => {
    const cut = truncateToWidth(`${RED}abcdef${RESET}`, 3);
    expect(cut).toBe(`${RED}abc${RESET}`);
  });

  it('adds no reset when no style is open at the cut', () => {
    expect(truncateToWidth(`${RED}ab${RESET}cdef`, 3)).toBe(`${RED}ab${RESET}c`);
  });

  it('appends the ellipsis inside the width', () => {
    const cut = truncateToWidth('abcdefgh', 5, { ellipsis: '…' });
    expect(cut).toBe('abcd…');
    expect(displayWidth(cut)).toBe(5);
  });

  it('drops an ellipsis wider than the limit', () => {
    expect(truncateToWidth('abcdef', 2, { ellipsis: '...' })).toBe('ab');
  });

  it('never exceeds the width for mixed text', () => {
    const text = `${RED}漢a😀b\u0301字${RESET}xyz`;
    for (let w = 0; w <= 12; w++) expect(displayWidth(truncateToWidth(text, w))).toBeLessThanOrEqual(w);
  });
});

describe('fitToWidth', () => {
  it('pads short text with spaces to exactly the width', () => {
    expect(fitToWidth('ab', 5)).toBe('ab   ');
    expect(fitToWidth('ab', 5, { align: 'right' })).toBe('   ab');
    expect(fitToWidth('ab', 6, { align: 'center' })).toBe('  ab  ');
  });

  it('fills the column a wide character could not take with a space', () => {
    const fitted = fitToWidth('a漢字', 2);
    expect(fitted).toBe('a ');
    expect(displayWidth(fitted)).toBe(2);
  });

  it('gives exactly the width for any cut of mixed text', () => {
    const text = `${RED}漢a😀b字${RESET}`;
    for (let w = 0; w <= 10; w++) expect(displayWidth(fitToWidth(text, w))).toBe(w);
  });
});

describe('stripSgr', () => {
  it('removes SGR sequences and keeps the text', () => {
    expect(stripSgr(`${RED}red${RESET} plain`)).toBe('red plain');
    expect(stripSgr('plain')).toBe('plain');
  });
});
