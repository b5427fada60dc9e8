// The bundle's string-width (scripts/string-width-fast.mjs) takes a string made only of
// printable ASCII and the listed narrow characters to be as wide as it is long: that must be
// what the original string-width says, for each of those characters, for each pair of them
// (no two join into one cluster), and for the strings the monitor draws. Both modules are
// loaded side by side from a temp directory whose node_modules links to the project's.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../../src/demo/random.js';
import { ROOT } from '../helpers/demo-process.js';

type StringWidth = (text: string, options?: { ambiguousIsNarrow?: boolean; countAnsiEscapeCodes?: boolean }) => number;
interface Plugin {
  widenStringWidthFastPath(source: string): string;
  NARROW_RANGES: [number, number][];
}
const plugin = (await import(pathToFileURL(join(ROOT, 'scripts', 'string-width-fast.mjs')).href)) as Plugin;
const SOURCE = readFileSync(join(ROOT, 'node_modules', 'string-width', 'index.js'), 'utf8');

let dir: string;
let original: StringWidth;
let fast: StringWidth;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tracktop-string-width-'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'original.mjs'), SOURCE);
  writeFileSync(join(dir, 'fast.mjs'), plugin.widenStringWidthFastPath(SOURCE));
  original = ((await import(pathToFileURL(join(dir, 'original.mjs')).href)) as { default: StringWidth }).default;
  fast = ((await import(pathToFileURL(join(dir, 'fast.mjs')).href)) as { default: StringWidth }).default;
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

  it('refuses a string-width whose fast path is not the expected one', () => {
    expect(() => plugin.widenStringWidthFastPath(SOURCE.replace('\\u007E]*$/', '\\u007F]*$/'))).toThrow(
      /fast path changed/,
    );
  });
});
