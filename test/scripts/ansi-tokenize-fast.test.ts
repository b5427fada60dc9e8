// The bundle's @alcalzone/ansi-tokenize (scripts/ansi-tokenize-fast.mjs) must give what the
// package as published gives: the same tokens for every line, the same styled cells, the same
// row strings. The edited modules are loaded from a temp directory holding a copy of the
// package's build/ (its other modules unchanged) and a link to the project's node_modules.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/demo-process.js';

interface Token {
  type: 'ansi' | 'char';
  value?: string;
  code?: string;
  endCode?: string;
  fullWidth?: boolean;
}
type StyledChar = Token & { styles: Token[] };
interface Package {
  tokenize(line: string, endChar?: number): Token[];
  styledCharsFromTokens(tokens: Token[]): StyledChar[];
  styledCharsToString(chars: StyledChar[]): string;
}
interface Plugin {
  TOKENIZE_MODULE_EDITS: Record<string, (source: string) => string>;
}
interface NarrowRanges {
  NARROW_RANGES: [number, number][];
}

const BUILD = join(ROOT, 'node_modules', '@alcalzone', 'ansi-tokenize', 'build');
const plugin = (await import(pathToFileURL(join(ROOT, 'scripts', 'ansi-tokenize-fast.mjs')).href)) as Plugin;
const { NARROW_RANGES } = (await import(
  pathToFileURL(join(ROOT, 'scripts', 'string-width-fast.mjs')).href
)) as NarrowRanges;

const { readPublished } = (await import(pathToFileURL(join(ROOT, 'scripts', 'dependency-edits.mjs')).href)) as {
  readPublished(path: string): string;
};

let dir: string;
let publishedDir: string;
let fast: Package;
/** The package as published. */
let original: Package;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tracktop-ansi-tokenize-'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
  publishedDir = join(dir, 'published');
  mkdirSync(publishedDir);
  writeFileSync(join(publishedDir, 'package.json'), '{"type":"module"}');
  for (const file of readdirSync(BUILD).filter((f) => f.endsWith('.js'))) {
    const edit = plugin.TOKENIZE_MODULE_EDITS[file];
    // Without their source-map comments (the maps are not copied).
    const source = readPublished(join(BUILD, file)).replace(/\/\/# sourceMappingURL=.*$/m, '');
    writeFileSync(join(dir, file), edit === undefined ? source : edit(source));
    writeFileSync(join(publishedDir, file), source);
  }
  fast = (await import(pathToFileURL(join(dir, 'index.js')).href)) as Package;
  original = (await import(pathToFileURL(join(publishedDir, 'index.js')).href)) as Package;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const NARROW = NARROW_RANGES.flatMap(([from, to]) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)),
);
/** Pieces of lines: text the fast path takes, escape sequences whole and broken, and text it must leave to the segmenter. */
const PLAIN = ['a', 'Z', ' ', '~', '0', 'loss=0.25', '─', '━', '╭', '▁', '█', '·', '…', '✓', '→', 'é', 'ÿ'];
const ESCAPES = [
  '\u001b[31m',
  '\u001b[39m',
  '\u001b[1m',
  '\u001b[2m',
  '\u001b[22m',
  '\u001b[7m',
  '\u001b[27m',
  '\u001b[1;4;31m',
  '\u001b[38;5;196m',
  '\u001b[48;2;10;20;30m',
  '\u001b[0m',
  '\u001b[m',
  '\u001b]8;;https://example.com/run\u0007',
  '\u001b]8;;\u0007',
  '\u001b',
  '\u001b[',
  '\u001b[31',
  '\u001b]8;',
];
const CLUSTERED = [
  '\u0301',
  '🚀',
  '❤\ufe0f',
  '👩\u200d💻',
  '名',
  '🇩🇪',
  '\r\n',
  '\t',
  '\u009b31m',
  '\u00ad',
  '\u2028',
  '\ud800',
  '\u25fd',
];

function randomLines(count: number, pieces: string[], seed: number): string[] {
  let state = seed;
  const next = (n: number) => (state = (state * 1103515245 + 12345) % 2 ** 31) % n;
  return Array.from({ length: count }, () =>
    Array.from({ length: next(30) }, () => pieces[next(pieces.length)]).join(''),
  );
}

function rowString(pkg: Package, line: string): string {
  return pkg.styledCharsToString(pkg.styledCharsFromTokens(pkg.tokenize(line)));
}

describe('ansi-tokenize as the bundle has it', () => {
  it('tokenizes lines of ASCII, box drawing and escape sequences as the segmenter does', () => {
    for (const line of randomLines(2000, [...PLAIN, ...ESCAPES], 1)) {
      expect(fast.tokenize(line)).toEqual(original.tokenize(line));
      expect(rowString(fast, line)).toBe(rowString(original, line));
    }
  });

  it('leaves lines holding clusters of more than a code unit to the segmenter, with the same result', () => {
    for (const line of randomLines(2000, [...PLAIN, ...ESCAPES, ...CLUSTERED], 2)) {
      expect(fast.tokenize(line)).toEqual(original.tokenize(line));
      expect(rowString(fast, line)).toBe(rowString(original, line));
    }
  });

  it('stops at the same cell when given a visible width', () => {
    for (const [i, line] of randomLines(500, [...PLAIN, ...ESCAPES, '名'], 3).entries())
      expect(fast.tokenize(line, i % 12)).toEqual(original.tokenize(line, i % 12));
  });

  it('takes every character of its fast path as one cell, beside others and inside styles', () => {
    for (const c of NARROW) {
      for (const line of [`a${c}b`, `${c}${c}`, `\u001b[31m${c}\u001b[39m${c}`, `${c}\u0301`, `${c}\ufe0f`]) {
        expect(fast.tokenize(line)).toEqual(original.tokenize(line));
        expect(rowString(fast, line)).toBe(rowString(original, line));
      }
    }
  });

  it('writes rows assembled from cells of different lines as the package does', () => {
    // Ink builds a screen row from the cells of several writes (panes side by side, clipped).
    const lines = randomLines(300, [...PLAIN, ...ESCAPES], 4);
    const cells = lines.map((line) => original.styledCharsFromTokens(original.tokenize(line)));
    for (let i = 0; i + 2 < cells.length; i++) {
      const row: StyledChar[] = [...cells[i]!.slice(0, 7), ...cells[i + 1]!, ...cells[i + 2]!.slice(3)];
      expect(fast.styledCharsToString(row)).toBe(original.styledCharsToString(row));
    }
  });

  it('lets the cells between two escape codes share one array of codes', () => {
    const cells = fast.styledCharsFromTokens(fast.tokenize('\u001b[31mred\u001b[1mbold\u001b[39m\u001b[22m plain'));
    expect(cells.map((cell) => cell.value).join('')).toBe('redbold plain');
    expect(new Set(cells.map((cell) => cell.styles)).size).toBe(3);
    expect(cells[1]!.styles).toBe(cells[0]!.styles);
    expect(cells[3]!.styles.map((code) => code.code)).toEqual(['\u001b[31m', '\u001b[1m']);
  });

  it('gives every cell one hidden class, however many kinds of line it has seen', () => {
    // Ink's output caches keep up to 100,000 characters of cells (scripts/ink-output-cache.mjs):
    // a hidden class of each cell's own (a map and descriptors, ~190 bytes) more than doubled
    // what they held.
    setFlagsFromString('--allow-natives-syntax');
    const sameShape = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: unknown, b: unknown) => boolean;
    const kinds = [
      'plain ascii',
      '\u001b[31mred\u001b[39m x',
      'wide 名名 x',
      '\u001b]8;;https://x\u0007link\u001b]8;;\u0007',
      'é ─━',
    ];
    const cells: StyledChar[] = [];
    for (let i = 0; i < 2000; i++)
      for (const kind of kinds) cells.push(...fast.styledCharsFromTokens(fast.tokenize(`${kind} ${i}`)));
    expect(cells.filter((cell) => !sameShape(cell, cells[0])).length).toBe(0);
    for (const line of randomLines(500, [...PLAIN, ...ESCAPES, ...CLUSTERED], 5))
      expect(fast.styledCharsFromTokens(fast.tokenize(line))).toEqual(
        original.styledCharsFromTokens(original.tokenize(line)),
      );
  });
});
