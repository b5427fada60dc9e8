// The bundle's string-width (scripts/string-width-fast.mjs) takes a string made only of
// printable ASCII and the listed narrow characters to be as wide as it is long: that must be
// what the original string-width says, for each of those characters, for each pair of them
// (no two join into one cluster), and for the strings the monitor draws. Its segmenter and
// Unicode regexes, and those of wrap-ansi's string-width 7, are built on first use, not when
// the module loads. The modules are loaded side by side from a temp directory whose
// node_modules links to the project's.
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../src/demo/random.js';
import { ROOT } from '../helpers/demo-process.js';
import { randomText } from '../helpers/random-text.js';

type StringWidth = (text: string, options?: { ambiguousIsNarrow?: boolean; countAnsiEscapeCodes?: boolean }) => number;
interface Plugin {
  widenStringWidthFastPath(source: string): string;
  transformStringWidth8(source: string): string;
  transformStringWidth7(source: string): string;
  deferConstants(source: string, names: string[], what: string): string;
  NARROW_RANGES: [number, number][];
}
const plugin = (await import(pathToFileURL(join(ROOT, 'scripts', 'string-width-fast.mjs')).href)) as Plugin;
const { readPublished } = (await import(pathToFileURL(join(ROOT, 'scripts', 'dependency-edits.mjs')).href)) as {
  readPublished(path: string): string;
};
const SOURCE = readPublished(join(ROOT, 'node_modules', 'string-width', 'index.js'));
const SOURCE_7 = readPublished(join(ROOT, 'node_modules', 'wrap-ansi', 'node_modules', 'string-width', 'index.js'));

let dir: string;
let original: StringWidth;
let fast: StringWidth;
let original7: StringWidth;
let deferred7: StringWidth;
/** Intl.Segmenters constructed while the bundle's string-width 8 loaded, and after its first slow-path measure. */
let segmentersAtLoad = -1;
let segmentersAfterSlowPath = -1;

async function load(name: string, source: string): Promise<StringWidth> {
  writeFileSync(join(dir, name), source);
  return ((await import(pathToFileURL(join(dir, name)).href)) as { default: StringWidth }).default;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tracktop-string-width-'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  original = await load('original.mjs', SOURCE);
  original7 = await load('original7.mjs', SOURCE_7);
  deferred7 = await load('deferred7.mjs', plugin.transformStringWidth7(SOURCE_7));
  // Counting constructions needs the global replaced while the module loads and first runs.
  const Segmenter = Intl.Segmenter;
  const intl = Intl as { Segmenter: typeof Intl.Segmenter };
  let constructed = 0;
  intl.Segmenter = class extends Segmenter {
    constructor(...args: ConstructorParameters<typeof Segmenter>) {
      super(...args);
      constructed++;
    }
  };
  try {
    fast = await load('fast.mjs', plugin.transformStringWidth8(SOURCE));
    fast('plain ASCII and ┏━▁▂✓ borders');
    segmentersAtLoad = constructed;
    fast('漢字');
    segmentersAfterSlowPath = constructed;
  } finally {
    intl.Segmenter = Segmenter;
  }
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const NARROW = plugin.NARROW_RANGES.flatMap(([from, to]) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)),
);
const ASCII = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i));
const segments = new Intl.Segmenter();
const clusters = (text: string): number => [...segments.segment(text)].length;

describe('string-width with the wider fast path', () => {
  it('lists only characters the original measures as one column, each its own cluster', () => {
    expect(NARROW.length).toBeGreaterThan(500);
    const wrong = NARROW.filter((c) => original(c) !== 1 || clusters(c) !== 1);
    expect(wrong.map((c) => c.codePointAt(0)!.toString(16))).toEqual([]);
  });

  it('never has one of them join a neighbour into one cluster', () => {
    // Only a character that extends the cluster before it (Extend, ZWJ, SpacingMark), one
    // that prepends to the next (Prepend), or a regional indicator or Hangul jamo pairing with
    // its own kind joins a neighbour (UAX #29 GB6-GB13); emoji sequences need a ZWJ or a
    // variation selector, which are not in the list.
    const joined = NARROW.filter((c) => clusters(`a${c}`) !== 2 || clusters(`${c}a`) !== 2 || clusters(c + c) !== 2);
    expect(joined.map((c) => c.codePointAt(0)!.toString(16))).toEqual([]);
  });

  it('measures what the original measures, styled or not, with either ambiguous width', () => {
    const random = mulberry32(12);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    // Besides the fast path's alphabet: emoji, wide CJK, a combining accent, a zero-width
    // joiner, a variation selector, a tab and a soft hyphen, which must all take the slow path.
    const others = ['👍', '⌚', '◽', '漢', '\u0301', '\u200d', '\ufe0f', '\t', '\u00ad', '✅', 'ｱ'];
    const styles = ['\u001b[31m', '\u001b[39m', '\u001b[1m', '\u001b[7m', '\u001b[0m'];
    for (let i = 0; i < 5000; i++) {
      let text = '';
      const length = Math.floor(random() * 40);
      for (let j = 0; j < length; j++) {
        const r = random();
        text += r < 0.5 ? pick(NARROW) : r < 0.8 ? pick(ASCII) : r < 0.9 ? pick(styles) : pick(others);
      }
      for (const ambiguousIsNarrow of [true, false]) {
        expect(fast(text, { ambiguousIsNarrow }), JSON.stringify(text)).toBe(original(text, { ambiguousIsNarrow }));
      }
      expect(fast(text)).toBe(original(text));
    }
  });

  it('measures the monitor’s borders, sparklines and marks by their length', () => {
    const line = '┏━ ▸tasks ━ 15 ━━┓│ ▁▂▃▄▅▆▇█ · ✓ ✗ ● ○ ■ ▼ ▶ › …';
    expect(fast(line)).toBe([...line].length);
    expect(fast(line)).toBe(original(line));
  });

  it('builds its segmenter on the first string the fast path cannot measure, not when it loads', () => {
    expect(segmentersAtLoad).toBe(0);
    expect(segmentersAfterSlowPath).toBe(1);
  });

  it('leaves wrap-ansi’s string-width 7 measuring what it measured, its segmenter and regex built on first use', () => {
    const random = mulberry32(7);
    const alphabet = [
      'a',
      ' ',
      '👍',
      '👨‍👩‍👧',
      '漢',
      '\u0301',
      '\u200b',
      '\ufe0f',
      '\t',
      'ｱ',
      '─',
      '\u001b[31m',
      '\u001b[0m',
    ];
    for (let i = 0; i < 2000; i++) {
      const text = randomText(random, alphabet, 20);
      expect(deferred7(text), JSON.stringify(text)).toBe(original7(text));
    }
    const source = plugin.transformStringWidth7(SOURCE_7);
    expect(source).not.toMatch(/^const (segmenter|defaultIgnorableCodePointRegex) =/m);
  });

  it('refuses to defer a constant the module does not declare once', () => {
    expect(() => plugin.deferConstants(SOURCE, ['noSuchSegmenter'], 'string-width 8')).toThrow(/found 0 times/);
    expect(() => plugin.transformStringWidth7(SOURCE_7.replace('const segmenter =', 'let segmenter ='))).toThrow(
      /string-width 7: `const segmenter = …;` found 0 times/,
    );
  });

  it('refuses a string-width whose fast path is not the expected one', () => {
    expect(() => plugin.widenStringWidthFastPath(SOURCE.replace('\\u007E]*$/', '\\u007F]*$/'))).toThrow(
      /fast path changed/,
    );
  });
});
