// The hostile strings a training script can put in a task name or log line, each with what the
// terminal must finally show and how wide tmux 3.3a draws it (probed in tmux; the e2e test
// test/e2e/width.e2e.test.ts checks the same strings against tmux itself).
import { describe, expect, it } from 'vitest';
import { displayWidth, sanitize } from '../../src/text/sanitize.js';

const ESC = '\u001b';

describe('hostile text: carriage returns overwrite, as in a terminal', () => {
  it('shows "Xbc" for "abc\\rX"', () => {
    expect(sanitize('abc\rX')).toBe('Xbc');
  });

  it('shows the final state of a tqdm line written with several \\r', () => {
    const tqdm =
      '\r  0%|          | 0/100 [00:00<?, ?it/s]' +
      '\r 50%|#####     | 50/100 [00:05<00:05, 9.9it/s]' +
      '\r100%|##########| 100/100 [00:10<00:00, 9.9it/s]';
    expect(sanitize(tqdm)).toBe('100%|##########| 100/100 [00:10<00:00, 9.9it/s]');
    // A shorter final state leaves the tail of the longer one, as the terminal does.
    expect(sanitize('loss=0.12345\rloss=0.2')).toBe('loss=0.22345');
  });

  it('overwrites a wide character half by half', () => {
    expect(sanitize('漢字\rX')).toBe('X 字');
  });
});

describe('hostile text: escape sequences are removed with their payloads', () => {
  it.each([
    ['OSC 52 clipboard write (BEL)', `${ESC}]52;c;SGVsbG8=\u0007name`, 'name'],
    ['OSC 52 clipboard write (ST) then \\r', `${ESC}]52;c;SGVsbG8=${ESC}\\evil\rX`, 'Xvil'],
    ['OSC 8 hyperlink', `${ESC}]8;;https://evil.example/${ESC}\\link${ESC}]8;;${ESC}\\\rL`, 'Link'],
    ['OSC 0 title', `${ESC}]0;pwned\u0007ab\rc`, 'cb'],
    ['DCS', `${ESC}Pq#0;2;0;0;0${ESC}\\ab\rc`, 'cb'],
    ['APC', `${ESC}_Gf=100;AAAA${ESC}\\ab\rc`, 'cb'],
    ['CSI clear screen and home', `${ESC}[2J${ESC}[Hab\rc`, 'cb'],
    ['7-bit C1 (ESC D, ESC E)', `${ESC}D${ESC}Eab\rc`, 'cb'],
    ['8-bit CSI', `\u009b2J\u009b31mab\rc`, 'cb'],
    ['8-bit OSC with 8-bit ST', `\u009d52;c;SGVsbG8=\u009cab\rc`, 'cb'],
    ['8-bit DCS', `\u0090payload\u009cab\rc`, 'cb'],
  ])('%s', (_name, input, shown) => {
    expect(sanitize(input)).toBe(shown);
    expect(sanitize(input, { color: true })).toBe(shown);
  });
});

describe('hostile text: invisible characters are removed', () => {
  it('removes zero-width characters (ZWSP, ZWNJ, ZWJ outside emoji, word joiner, BOM, soft hyphen)', () => {
    expect(sanitize('a\u200bb\u200cc\u200dd\u2060e\ufefff\u00adg')).toBe('abcdefg');
    expect(displayWidth(sanitize('a\u200bb'))).toBe(2);
  });

  it('removes bidi marks, embeddings, overrides and isolates', () => {
    const input = 'file\u202etxt.exe\u202c \u200e\u200f\u061c\u2066x\u2069';
    expect(sanitize(input)).toBe('filetxt.exe x');
  });

  it('replaces lone surrogates by U+FFFD, one column each', () => {
    const out = sanitize('a\ud800b\udfffc');
    expect(out).toBe('a\ufffdb\ufffdc');
    expect(displayWidth(out)).toBe(5);
  });

  it('gives a lone surrogate after a ZWJ a column of its own (tmux would draw it inside the emoji)', () => {
    const out = sanitize('👨\u200d\ud800x');
    expect(out).toBe('👨\ufffdx');
    expect(displayWidth(out)).toBe(4);
  });
});

describe('hostile text: widths as tmux draws them', () => {
  it.each([
    ['skin-tone emoji 👍🏽 (tmux: 2 + 2)', '👍🏽', '👍', 2],
    ['ZWJ family 👨‍👩‍👧 (one glyph)', '👨\u200d👩\u200d👧', '👨\u200d👩\u200d👧', 2],
    ['ZWJ family with skin tones', '👨🏽\u200d👩🏽\u200d👧🏽', '👨\u200d👩\u200d👧', 2],
    // tmux draws any non-ASCII character after a ZWJ inside the emoji: a dangling ZWJ would
    // swallow the column separator after the name.
    ['ZWJ family with a dangling ZWJ before a separator', '👨\u200d👩\u200d│', '👨\u200d👩│', 3],
    ['flag 🇫🇷 (tmux: 1 + 1)', '🇫🇷', '🇫🇷', 2],
    ['flag with a combining mark (tmux: 1 + 1, the mark in the last cell)', '🇫🇷\u0301x', '🇫🇷x', 3],
    ['non-flag regional-indicator pair', '🇫🇩', 'FD', 2],
    ['❤️ with VS16 (tmux: 1)', '\u2764\ufe0f', '\u2764', 1],
    ['VS15 text presentation', '\u{1f600}\ufe0e', '\u{1f600}', 2],
    ['keycap #️⃣ (tmux: 1)', '#\ufe0f\u20e3', '#', 1],
    ['Thai กำ (tmux: 2)', '\u0e01\u0e33', '\u0e01\u0e4d\u0e32', 2],
    ['Devanagari क्ष (tmux: 2)', '\u0915\u094d\u0937', '\u0915\u094d\u200c\u0937', 2],
  ])('%s', (_name, input, shown, width) => {
    const out = sanitize(input);
    expect(out).toBe(shown);
    expect(displayWidth(out)).toBe(width);
  });

  it('measures CJK and combining marks', () => {
    expect(displayWidth(sanitize('漢字'))).toBe(4);
    expect(displayWidth(sanitize('e\u0301\u0302x'))).toBe(2);
  });
});
