// The bundle's Ink output.js with frame-spanning caches (scripts/ink-output-cache.mjs) must
// write exactly what Ink's own writes, frame after frame, including rows that change back and
// forth, clipped lines and wide characters. Both modules are loaded side by side from a temp
// directory whose node_modules links to the project's.
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/demo-process.js';

interface Output {
  write(x: number, y: number, text: string, options: { transformers: ((line: string) => string)[] }): void;
  clip(clip: { x1?: number; x2?: number; y1?: number; y2?: number }): void;
  unclip(): void;
  get(): { output: string; height: number };
}
type OutputClass = new (options: { width: number; height: number }) => Output;
interface Plugin {
  cacheInkOutput(source: string): string;
  cacheInkRenderNode(source: string): string;
  INK_EDITS: Record<string, (source: string) => string>;
  OUTPUT_CACHE_LIMIT: number;
  OUTPUT_CACHE_CHARS: number;
}
type WrapText = (text: string, maxWidth: number, wrapType: string) => string;
type MeasureText = (text: string) => { width: number; height: number };

const INK_BUILD = join(ROOT, 'node_modules', 'ink', 'build');
const plugin = (await import(pathToFileURL(join(ROOT, 'scripts', 'ink-output-cache.mjs')).href)) as Plugin;
const { readPublished } = (await import(pathToFileURL(join(ROOT, 'scripts', 'dependency-edits.mjs')).href)) as {
  readPublished(path: string): string;
};

let dir: string;
let Original: OutputClass;
let Cached: OutputClass;
let cachedChars: () => number;

/** Ink's build/<file> with its edits applied, loaded from the temp directory. */
async function loadEdited<T>(file: string): Promise<T> {
  const source = readPublished(join(INK_BUILD, file)).replace(/\/\/# sourceMappingURL=.*$/m, '');
  const path = join(dir, `edited-${file.replace(/\.js$/, '.mjs')}`);
  writeFileSync(path, plugin.INK_EDITS[file]!(source));
  return ((await import(pathToFileURL(path).href)) as { default: T }).default;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tracktop-ink-output-'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  // Without its source-map comment (the map is not copied).
  const source = readPublished(join(INK_BUILD, 'output.js')).replace(/\/\/# sourceMappingURL=.*$/m, '');
  writeFileSync(join(dir, 'original.mjs'), source);
  writeFileSync(join(dir, 'cached.mjs'), plugin.cacheInkOutput(source));
  Original = ((await import(pathToFileURL(join(dir, 'original.mjs')).href)) as { default: OutputClass }).default;
  const cached = (await import(pathToFileURL(join(dir, 'cached.mjs')).href)) as {
    default: OutputClass;
    outputCacheChars: () => number;
  };
  Cached = cached.default;
  cachedChars = cached.outputCacheChars;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const red = (s: string): string => `\u001b[31m${s}\u001b[39m`;
const inverse = (s: string): string => `\u001b[7m${s}\u001b[27m`;

/** One frame of a small monitor-like screen: a clipping root, a selected row, a wide-character row. */
function frame(Out: OutputClass, selected: number, status: string): string {
  const out = new Out({ width: 30, height: 6 });
  out.clip({ x1: 0, x2: 30, y1: 0, y2: 6 });
  for (let row = 0; row < 4; row++) {
    const text = `${red('●')} task ${row} ${'x'.repeat(40)}`;
    out.write(0, row, row === selected ? inverse(text) : text, { transformers: [] });
  }
  out.write(2, 4, '名前 wide 名前', { transformers: [(line) => `\u001b[1m${line}\u001b[22m`] });
  out.write(0, 5, status, { transformers: [] });
  out.unclip();
  return out.get().output;
}

describe('Ink output with frame-spanning caches', () => {
  it('writes what Ink writes, frame after frame', () => {
    const frames: [number, string][] = [
      [0, 'live'],
      [1, 'live'],
      [1, 'live'],
      [0, 'stale since 10:00'],
      [0, 'live'],
      [3, 'live'],
    ];
    for (const [selected, status] of frames) {
      const expected = frame(Original, selected, status);
      expect(frame(Cached, selected, status)).toBe(expected);
    }
  });

  it('keeps the caches within their character bound while a long log pages by, writing what Ink writes', () => {
    // 160x50 frames of lines never seen before, as paging up through a long log draws them.
    const page = (Out: OutputClass, n: number): string => {
      const out = new Out({ width: 160, height: 50 });
      for (let row = 0; row < 50; row++) {
        const text = `12:00:${String(row).padStart(2, '0')} step ${n * 50 + row} loss=${(n + row) / 7} ${'.'.repeat(120)}`;
        out.write(0, row, row % 10 === 0 ? red(text) : text, { transformers: [] });
      }
      return out.get().output;
    };
    let most = 0;
    for (let n = 0; n < 40; n++) {
      expect(page(Cached, n)).toBe(page(Original, n));
      most = Math.max(most, cachedChars());
    }
    // Dropped at the bound, checked as each frame starts: at most one frame's lines over it.
    expect(most).toBeGreaterThan(plugin.OUTPUT_CACHE_CHARS / 2);
    expect(most).toBeLessThan(plugin.OUTPUT_CACHE_CHARS + 2 * 50 * 180);
  });

  it('refuses an Ink whose code is not the one the edits expect', () => {
    expect(() => plugin.cacheInkOutput('export default class Output {}')).toThrow(/output\.js changed/);
    expect(() => plugin.cacheInkRenderNode('export default 1;')).toThrow(/render-node-to-output\.js changed/);
  });

  it("keeps Ink's text measuring and wrapping the same past the caches' bound", async () => {
    const wrapText = await loadEdited<WrapText>('wrap-text.js');
    const measureText = await loadEdited<MeasureText>('measure-text.js');
    const before = [wrapText('hello wonderful world', 8, 'wrap'), wrapText('hello wonderful world', 8, 'truncate-end')];
    expect(before).toEqual(['hello wo\nnderful \nworld', 'hello w…']);
    expect(measureText('ab\ncde')).toEqual({ width: 3, height: 2 });
    for (let i = 0; i <= plugin.OUTPUT_CACHE_LIMIT + 10; i++) {
      wrapText(`line ${i}`, 4, 'truncate-end');
      measureText(`line ${i}`);
    }
    expect([
      wrapText('hello wonderful world', 8, 'wrap'),
      wrapText('hello wonderful world', 8, 'truncate-end'),
    ]).toEqual(before);
    expect(measureText('ab\ncde')).toEqual({ width: 3, height: 2 });
  });

  it('applies to the installed render-node-to-output.js', () => {
    const source = readPublished(join(INK_BUILD, 'render-node-to-output.js'));
    expect(plugin.cacheInkRenderNode(source)).toContain('boundedMemo(uncachedWidestLine)');
  });
});
