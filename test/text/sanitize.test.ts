import { describe, expect, it } from 'vitest';
import { displayWidth, sanitize, sanitizeLines } from '../../src/text/sanitize.js';
import { mulberry32 } from '../../src/demo/random.js';
import { randomText } from '../helpers/random-text.js';

const ESC = '\u001b';
const RED = `${ESC}[31m`;
const RESET = `${ESC}[0m`;

/** Deterministic PRNG (mulberry32) so the fuzz cases are reproducible. */

const FORBIDDEN = /[\u0000-\u0008\u000b-\u001a\u001c-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** Every ESC left in colour mode must start a complete SGR sequence. */
function onlySgrEscapes(text: string): boolean {
  return !text.replace(/\u001b\[[0-9;:]*m/g, '').includes(ESC);
}

describe('sanitize: plain text', () => {
  it('returns printable text unchanged', () => {
    const text = 'epoch 3/10 loss=0.25 漢字 😀 café';
    expect(sanitize(text)).toBe(text);
  });

  it('turns null and undefined into an empty string and other values into text', () => {
    expect(sanitize(null)).toBe('');
    expect(sanitize(undefined)).toBe('');
    expect(sanitize(42)).toBe('42');
  });
});

describe('sanitize: SGR colours', () => {
  it('strips SGR by default', () => {
    expect(sanitize(`${RED}error${RESET} done`)).toBe('error done');
  });

  it('keeps SGR with color: true', () => {
    expect(sanitize(`${RED}error${RESET} done`, { color: true })).toBe(`${RED}error${RESET} done`);
    const extended = `${ESC}[38;5;196mx${ESC}[38:2::255:0:0my${RESET}`;
    expect(sanitize(extended, { color: true })).toBe(extended);
  });

  it('closes a style left open at the end of a line', () => {
    expect(sanitize(`${RED}error`, { color: true })).toBe(`${RED}error${RESET}`);
  });

  it('drops SGR sequences that are unreasonably long', () => {
    const long = `${ESC}[${'1;'.repeat(40)}31m`;
    expect(sanitize(`${long}x`, { color: true })).toBe('x');
  });
});

describe('sanitize: escape-sequence attacks', () => {
  it.each([
    ['clear screen', `${ESC}[2J${ESC}[3J${ESC}[Hvisible`],
    ['alternate screen', `${ESC}[?1049hvisible`],
    ['cursor movement', `${ESC}[5A${ESC}[10;20Hvisible`],
    ['hide cursor', `${ESC}[?25lvisible`],
    ['cursor style (intermediate byte)', `${ESC}[1 qvisible`],
    ['insert/delete lines', `${ESC}[3L${ESC}[2Mvisible`],
  ])('removes CSI %s even in colour mode', (_name, attack) => {
    expect(sanitize(attack)).toBe('visible');
    expect(sanitize(attack, { color: true })).toBe('visible');
  });

  it.each([
    ['OSC 52 clipboard, BEL', `${ESC}]52;c;cm0gLXJmIH4=\u0007visible`],
    ['OSC 52 clipboard, ST', `${ESC}]52;c;cm0gLXJmIH4=${ESC}\\visible`],
    ['OSC 0 window title', `${ESC}]0;pwned${ESC}\\visible`],
    ['OSC 8 hyperlink', `${ESC}]8;;https://evil.example/${ESC}\\visible${ESC}]8;;${ESC}\\`],
    ['DCS', `${ESC}Pq#0;2;0;0;0#0~~@@vv${ESC}\\visible`],
    ['APC', `${ESC}_Gf=100;AAAA${ESC}\\visible`],
    ['PM', `${ESC}^private${ESC}\\visible`],
    ['SOS', `${ESC}Xstring${ESC}\\visible`],
    ['C1 OSC with C1 ST', `\u009d52;c;AAAA\u009cvisible`],
    ['C1 DCS', `\u0090payload\u009cvisible`],
    ['C1 CSI', `\u009b2J\u009b31mvisible`],
  ])('removes %s with its payload', (_name, attack) => {
    expect(sanitize(attack)).toBe('visible');
    expect(sanitize(attack, { color: true })).toBe('visible');
  });

  it('ends a control string at CAN or SUB', () => {
    expect(sanitize(`${ESC}]0;title\u0018visible`)).toBe('visible');
    expect(sanitize(`${ESC}]0;title\u001avisible`)).toBe('visible');
  });

  it('ends a control string at a new ESC and handles that sequence', () => {
    expect(sanitize(`${ESC}]0;title${RED}red`, { color: true })).toBe(`${RED}red${RESET}`);
  });

  it('swallows an unterminated control string to the end, as a terminal would', () => {
    expect(sanitize(`before${ESC}]52;c;AAAA never terminated`)).toBe('before');
  });

  it.each([
    ['save cursor', `${ESC}7visible`],
    ['reset terminal', `${ESC}cvisible`],
    ['reverse index', `${ESC}Mvisible`],
    ['charset designation (nF)', `${ESC}(0visible`],
    ['keypad mode', `${ESC}=visible`],
  ])('removes the two-character escape %s', (_name, attack) => {
    expect(sanitize(attack)).toBe('visible');
  });

  it('drops a lone ESC and keeps what follows it', () => {
    expect(sanitize(`a${ESC}`)).toBe('a');
    expect(sanitize(`a${ESC}é`)).toBe('aé');
    expect(sanitize(`a${ESC}${ESC}[31mb`)).toBe('ab');
  });

  it('stops a malformed CSI at the first byte that cannot belong to it', () => {
    expect(sanitize(`${ESC}[12\u0007visible`)).toBe('visible');
    expect(sanitize(`${ESC}[12é`)).toBe('é');
  });

  it('removes C0 controls, DEL and C1 controls', () => {
    expect(sanitize('a\u0000b\u0007c\u0008d\u000be\u000cf\u007fg\u0085h\u0080i\u0099j')).toBe('abcdefghij');
  });

  it('removes bidi overrides and isolates', () => {
    expect(sanitize('abc\u202edef\u202a\u202b\u202c\u202d\u2066x\u2067\u2068\u2069')).toBe('abcdefx');
  });

  it('replaces lone surrogates and keeps valid pairs', () => {
    expect(sanitize('a\ud800b')).toBe('a\ufffdb');
    expect(sanitize('a\udc00')).toBe('a\ufffd');
    expect(sanitize('\ud83d')).toBe('\ufffd');
    expect(sanitize('ok 😀\u0007')).toBe('ok 😀');
  });

  it('leaves no control or escape byte in fuzzed input', () => {
    const random = mulberry32(1234);
    const pieces = [
      ESC,
      '[',
      ']',
      'P',
      '_',
      '^',
      'X',
      '\\',
      '\u0007',
      '\u009b',
      '\u009d',
      '\u009c',
      '\u0090',
      '\r',
      '\n',
      '\t',
      '\u0000',
      '\u007f',
      '\u0085',
      ';',
      'm',
      '2',
      '31',
      'J',
      'a',
      '漢',
      '😀',
      '\ud800',
      '\udc00',
      '\u202e',
      '\u2066',
      ' ',
      '?',
      '(',
    ];
    for (let run = 0; run < 2000; run++) {
      const input = randomText(random, pieces, 40);
      for (const color of [false, true]) {
        for (const multiline of [false, true]) {
          const out = sanitize(input, { color, multiline });
          expect(FORBIDDEN.test(out), JSON.stringify(input)).toBe(false);
          expect(out.includes('\r')).toBe(false);
          if (!multiline) expect(out.includes('\n')).toBe(false);
          if (color) expect(onlySgrEscapes(out), JSON.stringify(input)).toBe(true);
          else expect(out.includes(ESC)).toBe(false);
          expect(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(out)).toBe(false);
        }
      }
    }
  });
});

describe('sanitize: carriage returns and line breaks', () => {
  it('keeps only the text after the last carriage return (progress bars)', () => {
    expect(sanitize('10%|#   |\r50%|##  |\r100%|####|')).toBe('100%|####|');
  });

  it('ignores a trailing carriage return with nothing after it', () => {
    expect(sanitize('done\r')).toBe('done');
    expect(sanitize('a\rdone\r\r')).toBe('done');
  });

  it('applies carriage returns per line in multi-line mode', () => {
    expect(sanitize('a\r b\nc\rd', { multiline: true })).toBe(' b\nd');
  });

  it('treats CRLF, LF, U+2028 and U+2029 as line breaks', () => {
    expect(sanitize('a\r\nb\nc\u2028d\u2029e', { multiline: true })).toBe('a\nb\nc\nd\ne');
  });

  it('turns line breaks into spaces in single-line mode and drops trailing ones', () => {
    expect(sanitize('task\nname\n')).toBe('task name');
    expect(sanitize('a\r\nb')).toBe('a b');
  });
});

describe('sanitize: tabs', () => {
  it('expands a tab to the next multiple of 8 columns', () => {
    expect(sanitize('a\tb')).toBe(`a${' '.repeat(7)}b`);
    expect(sanitize('abcdefgh\tb')).toBe(`abcdefgh${' '.repeat(8)}b`);
    expect(sanitize('\t\tx')).toBe(`${' '.repeat(16)}x`);
  });

  it('counts wide characters and ignores SGR when finding the tab stop', () => {
    expect(sanitize('漢\tx')).toBe(`漢${' '.repeat(6)}x`);
    const coloured = sanitize(`${RED}ab${RESET}\tx`, { color: true });
    expect(displayWidth(coloured.slice(0, coloured.indexOf('x')))).toBe(8);
  });

  it('moves over text after a carriage return, as a terminal tab does, and restarts stops on each line', () => {
    expect(sanitize('abcdef\rab\tx')).toBe('abcdef  x');
    expect(sanitize('abc\na\tx', { multiline: true })).toBe(`abc\na${' '.repeat(7)}x`);
  });

  it('turns a tab into one space with tabs: space', () => {
    expect(sanitize('a\t\tb', { tabs: 'space' })).toBe('a  b');
  });
});

describe('sanitizeLines', () => {
  it('splits a message into sanitised lines and drops trailing empty lines', () => {
    expect(sanitizeLines(`first\r\nsec${ESC}[2Kond\n\nthird\n\n`)).toEqual(['first', 'second', '', 'third']);
  });

  it('returns one empty line for an empty message', () => {
    expect(sanitizeLines('')).toEqual(['']);
    expect(sanitizeLines('\n\n')).toEqual(['']);
  });

  it('carries an open colour onto the next line and closes it on each line', () => {
    expect(sanitizeLines(`${RED}one\ntwo${RESET}\nthree`, { color: true })).toEqual([
      `${RED}one${RESET}`,
      `${RED}two${RESET}`,
      'three',
    ]);
  });

  it('shows the final state of a progress bar line', () => {
    expect(sanitizeLines('Epoch 1\n 50%\r100%\nDone')).toEqual(['Epoch 1', '100%', 'Done']);
  });
});

describe('sanitize: cost', () => {
  it('stays linear on long hostile lines', () => {
    // Each line against a quarter of itself, both timed in this run (the fastest of three):
    // linear work takes about 4 times as long, quadratic 16. Timed in this process's CPU time,
    // not wall time: on a loaded machine the wall clock also counts the time other processes
    // held the core, and one such pause made a linear line look quadratic.
    const pieces: [string, number][] = [
      ['漢\t', 100_000],
      [`${ESC}[31m${'x'.repeat(10)}`, 50_000],
      [`${ESC}]`, 200_000],
      ['ab\r', 200_000],
      ['😀\u0301\t', 50_000],
    ];
    const fastest = (line: string): number => {
      let best = Infinity;
      for (let k = 0; k < 3; k++) {
        const start = process.cpuUsage();
        sanitize(line, { color: true });
        const used = process.cpuUsage(start);
        best = Math.min(best, (used.user + used.system) / 1000);
      }
      return best;
    };
    for (const [piece, count] of pieces) {
      const quarter = fastest(piece.repeat(count / 4));
      const whole = fastest(piece.repeat(count));
      expect(whole, JSON.stringify(piece)).toBeLessThan(10 * quarter + 20);
    }
  });
});
