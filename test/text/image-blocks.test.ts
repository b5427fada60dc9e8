import { describe, expect, it } from 'vitest';
import {
  fitPixels,
  nearestAnsi256,
  renderImageBlocks,
  resampleArea,
  type ImageColorMode,
} from '../../src/text/image-blocks.js';
import { decodeImage, type RgbaImage } from '../../src/text/image-decode.js';
import { quadrantPng } from './image-fixtures.js';

interface Cell {
  ch: string;
  fg: string;
  bg: string;
}

/** Splits a rendered line into cells with the SGR colour parameters in force for each. */
function cells(line: string): Cell[] {
  const out: Cell[] = [];
  let fg = '';
  let bg = '';

  for (const m of line.matchAll(/\u001b\[([0-9;]*)m|([^\u001b])/gu)) {
    if (m[2] !== undefined) {
      out.push({ ch: m[2], fg, bg });
      continue;
    }
    const params = (m[1] ?? '').split(';');
    for (let i = 0; i < params.length; i += 1) {
      const p = params[i];
      if (p === '38' || p === '48') {
        const n = params[i + 1] === '2' ? 5 : 3;
        const value = params.slice(i, i + n).join(';');
        if (p === '38') fg = value;
        else bg = value;
        i += n - 1;
      } else if (p === '49') bg = 'default';
    }
  }
  return out;
}

const quadrants = decodeImage(quadrantPng(8, 8));

function render(mode: ImageColorMode, img: RgbaImage = quadrants, columns = 8, rows = 4): Cell[][] {
  return renderImageBlocks(img, columns, rows, { mode }).map(cells);
}

describe('renderImageBlocks', () => {
  it('puts each quadrant in its place in 24-bit colour, top pixel as foreground, bottom as background', () => {
    const grid = render('truecolor');
    expect(grid).toHaveLength(4);
    expect(grid.every((row) => row.length === 8 && row.every((c) => c.ch === '▀'))).toBe(true);
    const red = '38;2;255;0;0';
    expect(grid[0]?.[0]).toEqual({ ch: '▀', fg: red, bg: '48;2;255;0;0' });
    expect(grid[1]?.[3]).toEqual({ ch: '▀', fg: red, bg: '48;2;255;0;0' });
    expect(grid[0]?.[4]).toEqual({ ch: '▀', fg: '38;2;0;255;0', bg: '48;2;0;255;0' });
    expect(grid[2]?.[0]).toEqual({ ch: '▀', fg: '38;2;0;0;255', bg: '48;2;0;0;255' });
    expect(grid[3]?.[7]).toEqual({ ch: '▀', fg: '38;2;255;255;255', bg: '48;2;255;255;255' });
  });

  it('uses the nearest xterm-256 colours in 256-colour mode', () => {
    const grid = render('ansi256');
    expect(grid[0]?.[0]).toEqual({ ch: '▀', fg: '38;5;196', bg: '48;5;196' });
    expect(grid[0]?.[7]).toEqual({ ch: '▀', fg: '38;5;46', bg: '48;5;46' });
    expect(grid[3]?.[0]).toEqual({ ch: '▀', fg: '38;5;21', bg: '48;5;21' });
    expect(grid[3]?.[7]).toEqual({ ch: '▀', fg: '38;5;231', bg: '48;5;231' });
  });

  it('shades by luminance without any escape sequence in greyscale mode', () => {
    const lines = renderImageBlocks(quadrants, 8, 4, { mode: 'shade' });
    expect(lines.join('')).not.toContain('\u001b');
    // red (luma 54) ░, green (182) ▓, blue (18) space, white █
    expect(lines).toEqual(['░░░░▓▓▓▓', '░░░░▓▓▓▓', '    ████', '    ████']);
  });

  it('ends every coloured line with a reset and draws one SGR per run of equal cells', () => {
    const lines = renderImageBlocks(quadrants, 8, 4, { mode: 'truecolor' });
    for (const line of lines) {
      expect(line.endsWith('\u001b[0m')).toBe(true);
      expect(line.split('\u001b[38')).toHaveLength(3);
    }
  });

  it('keeps the aspect ratio: a wide image in a tall box, a tall image in a wide box', () => {
    const wide = decodeImage(quadrantPng(40, 10));
    const lines = renderImageBlocks(wide, 20, 20, { mode: 'shade' });
    expect(lines).toHaveLength(3); // 20 x 5 pixels → 3 rows, the last half filled
    expect(lines.every((l) => l.length === 20)).toBe(true);
    const tall = decodeImage(quadrantPng(10, 40));
    const tallLines = renderImageBlocks(tall, 80, 10, { mode: 'shade' });
    expect(tallLines).toHaveLength(10);
    expect(tallLines.every((l) => l.length === 5)).toBe(true);
  });

  it('leaves the lower halves of an odd last row on the default background', () => {
    const grid = render('truecolor', decodeImage(quadrantPng(4, 3)), 4, 2);
    expect(grid).toHaveLength(2);
    expect(grid[1]?.[0]?.bg).toBe('default');
    expect(grid[1]?.[0]?.fg).toBe('38;2;0;0;255');
    expect(grid[0]?.[0]?.bg).toBe('48;2;255;0;0');
  });

  it('averages areas when shrinking: a 2x2 checker of black and white becomes mid grey', () => {
    const checker: RgbaImage = {
      width: 2,
      height: 2,
      data: Uint8Array.from([0, 0, 0, 255, 255, 255, 255, 255, 255, 255, 255, 255, 0, 0, 0, 255]),
    };
    const grey = resampleArea(checker, 1, 1);
    expect([...grey].map(Math.round)).toEqual([128, 128, 128]);
    const grid = render('truecolor', decodeImage(quadrantPng(8, 8)), 2, 1);
    expect(grid[0]?.map((c) => [c.fg, c.bg])).toEqual([
      ['38;2;255;0;0', '48;2;0;0;255'],
      ['38;2;0;255;0', '48;2;255;255;255'],
    ]);
  });

  it('blends transparent pixels onto the background colour', () => {
    const clear: RgbaImage = { width: 1, height: 2, data: Uint8Array.from([255, 0, 0, 0, 255, 0, 0, 255]) };
    const [line] = renderImageBlocks(clear, 1, 1, { mode: 'truecolor', background: [10, 20, 30] }).map(cells);
    expect(line?.[0]).toEqual({ ch: '▀', fg: '38;2;10;20;30', bg: '48;2;255;0;0' });
  });

  it('renders nothing into an empty box', () => {
    expect(renderImageBlocks(quadrants, 0, 5, { mode: 'truecolor' })).toEqual([]);
    expect(renderImageBlocks(quadrants, 5, 0, { mode: 'shade' })).toEqual([]);
  });
});

describe('fitPixels', () => {
  it('fits within columns x 2*rows keeping the ratio, never below one pixel', () => {
    expect(fitPixels(100, 100, 40, 10)).toEqual({ width: 20, height: 20 });
    expect(fitPixels(1000, 10, 50, 10)).toEqual({ width: 50, height: 1 });
    expect(fitPixels(7, 5, 7, 3)).toEqual({ width: 7, height: 5 });
    expect(fitPixels(0, 5, 7, 3)).toEqual({ width: 0, height: 0 });
  });
});

describe('nearestAnsi256', () => {
  it('maps primaries into the colour cube and greys onto the grey ramp', () => {
    expect(nearestAnsi256([255, 0, 0])).toBe(196);
    expect(nearestAnsi256([0, 0, 0])).toBe(16);
    expect(nearestAnsi256([255, 255, 255])).toBe(231);
    expect(nearestAnsi256([128, 128, 128])).toBe(244);
    expect(nearestAnsi256([8, 8, 8])).toBe(232);
    expect(nearestAnsi256([238, 238, 238])).toBe(255);
    expect(nearestAnsi256([95, 135, 175])).toBe(16 + 36 * 1 + 6 * 2 + 3);
  });
});
