import { describe, expect, it } from 'vitest';
import { asciiCells, asciiGlyphs } from '../../src/text/ascii-glyphs.js';
import { displayWidth } from '../../src/text/width.js';

const PRINTABLE = /^[\x20-\x7e]*$/;

function range(from: number, to: number): string {
  let out = '';
  for (let c = from; c <= to; c++) out += String.fromCodePoint(c);
  return out;
}

describe('asciiGlyphs', () => {
  it('draws a tqdm bar with # for full blocks and keeps its width', () => {
    const bar = 'epoch 3:  45%|████▌     | 450/1000 [00:12<00:15, 36.1it/s]';
    expect(asciiGlyphs(bar)).toBe('epoch 3:  45%|#####     | 450/1000 [00:12<00:15, 36.1it/s]');
    expect(asciiGlyphs('|▏▎▍|')).toBe('|---|');
  });

  it('maps box-drawn tables to - | + and keeps the columns aligned', () => {
    const table = ['┌──────┬─────┐', '│ loss │ 0.1 │', '╞══════╪═════╡', '└──────┴─────┘'];
    expect(table.map(asciiGlyphs)).toEqual(['+------+-----+', '| loss | 0.1 |', '+======+=====+', '+------+-----+']);
    expect(asciiGlyphs('━┃┅┇╌╏╭╯')).toBe('-|-|-|++');
  });

  it('maps braille by density, arrows, bullets, check marks and the ellipsis', () => {
    expect(asciiGlyphs('⠀⠁⣿⠇')).toBe(' .#:');
    expect(asciiGlyphs('a → b ← c ↑ ↓ ⇒')).toBe('a > b < c ^ v >');
    expect(asciiGlyphs('• done ✓ ✗ ● ○')).toBe('* done v x * o');
    expect(asciiGlyphs('loading…')).toBe('loading...');
  });

  it('leaves every code point of the mapped blocks as printable ASCII', () => {
    for (const [from, to] of [
      [0x2500, 0x257f],
      [0x2580, 0x259f],
      [0x2800, 0x28ff],
      [0x2190, 0x21ff],
    ] as const) {
      const out = asciiGlyphs(range(from, to));
      expect(out, `U+${from.toString(16)}`).toMatch(PRINTABLE);
      expect([...out]).toHaveLength(to - from + 1);
    }
  });

  it('passes other text through, wide characters and SGR colours included', () => {
    const text = '\u001b[31merror\u001b[0m 日本語 café';
    expect(asciiGlyphs(text)).toBe(text);
  });
});

describe('asciiCells', () => {
  it('leaves nothing outside ASCII and keeps every character in its columns', () => {
    const text = '┏━ ▸tasks ━┓ acc…val · 1–2 ▀▀ ░▓ 中文 é naïve e\u0301 \u001b[38;5;196m✓\u001b[0m';
    const out = asciiCells(text);
    expect([...out].filter((c) => c.charCodeAt(0) > 0x7e)).toEqual([]);
    expect(displayWidth(out)).toBe(displayWidth(text));
    expect(out).toContain('acc~val');
    expect(out).toContain('1-2');
    expect(out).toContain('????');
    expect(out).toContain('\u001b[38;5;196m');
  });
});
