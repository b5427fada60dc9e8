// RGBA pixels → terminal lines of upper-half-block cells ("▀": foreground = top pixel,
// background = bottom pixel), two pixels per cell, fitted into a columns x rows box with the
// aspect ratio kept (a cell is about twice as tall as wide, so each half is about square).
// Four outputs: 24-bit colour, the xterm 256-colour palette, the 16 system colours, and shaded
// characters without colour.
import type { RgbaImage } from './image-decode.js';

export type ImageColorMode = 'truecolor' | 'ansi256' | 'ansi16' | 'shade';

export type Rgb = readonly [number, number, number];

interface ImageBlockOptions {
  mode: ImageColorMode;
  /** Transparent pixels are blended onto this colour (default black). */
  background?: Rgb;
}

const UPPER_HALF = '▀';
const SHADES = [' ', '░', '▒', '▓', '█'];
const RESET = '\u001b[0m';

/** The pixel grid that fits in the box: at most `columns` wide and `2 * rows` tall, aspect kept. */
export function fitPixels(
  width: number,
  height: number,
  columns: number,
  rows: number,
): { width: number; height: number } {
  const maxW = Math.max(0, Math.floor(columns));
  const maxH = Math.max(0, Math.floor(rows) * 2);
  if (width <= 0 || height <= 0 || maxW === 0 || maxH === 0) return { width: 0, height: 0 };
  const scale = Math.min(maxW / width, maxH / height);
  return {
    width: Math.max(1, Math.min(maxW, Math.round(width * scale))),
    height: Math.max(1, Math.min(maxH, Math.round(height * scale))),
  };
}

/**
 * Resamples to `tw` x `th` RGB by area averaging: every target pixel is the mean of the source
 * area it covers, weighted by overlap (alpha blended onto `bg` first).
 */
export function resampleArea(img: RgbaImage, tw: number, th: number, bg: Rgb = [0, 0, 0]): Float64Array {
  const out = new Float64Array(tw * th * 3);
  const sx = img.width / tw;
  const sy = img.height / th;
  for (let ty = 0; ty < th; ty += 1) {
    const y0 = ty * sy;
    const y1 = y0 + sy;
    for (let tx = 0; tx < tw; tx += 1) {
      const x0 = tx * sx;
      const x1 = x0 + sx;
      let r = 0;
      let g = 0;
      let b = 0;
      let total = 0;
      for (let y = Math.floor(y0); y < Math.min(img.height, Math.ceil(y1)); y += 1) {
        const wy = Math.min(y + 1, y1) - Math.max(y, y0);
        if (wy <= 0) continue;
        for (let x = Math.floor(x0); x < Math.min(img.width, Math.ceil(x1)); x += 1) {
          const wx = Math.min(x + 1, x1) - Math.max(x, x0);
          if (wx <= 0) continue;
          const w = wx * wy;
          const i = (y * img.width + x) * 4;
          const a = (img.data[i + 3] as number) / 255;
          r += w * ((img.data[i] as number) * a + bg[0] * (1 - a));
          g += w * ((img.data[i + 1] as number) * a + bg[1] * (1 - a));
          b += w * ((img.data[i + 2] as number) * a + bg[2] * (1 - a));
          total += w;
        }
      }
      const o = (ty * tw + tx) * 3;
      out[o] = total > 0 ? r / total : bg[0];
      out[o + 1] = total > 0 ? g / total : bg[1];
      out[o + 2] = total > 0 ? b / total : bg[2];
    }
  }
  return out;
}

const CUBE_LEVELS = [0, 95, 135, 175, 215, 255];

function nearestCubeIndex(v: number): number {
  let best = 0;
  for (let i = 1; i < CUBE_LEVELS.length; i += 1) {
    if (Math.abs((CUBE_LEVELS[i] as number) - v) < Math.abs((CUBE_LEVELS[best] as number) - v)) best = i;
  }
  return best;
}

function distance2(a: Rgb, b: Rgb): number {
  return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2;
}

/**
 * The nearest xterm-256 colour: the 6x6x6 cube (16..231) or the grey ramp (232..255). The 16
 * system colours are left out because every terminal theme redefines them.
 */
export function nearestAnsi256(rgb: Rgb): number {
  const [ri, gi, bi] = [nearestCubeIndex(rgb[0]), nearestCubeIndex(rgb[1]), nearestCubeIndex(rgb[2])];
  const cube: Rgb = [CUBE_LEVELS[ri] as number, CUBE_LEVELS[gi] as number, CUBE_LEVELS[bi] as number];
  const mean = (rgb[0] + rgb[1] + rgb[2]) / 3;
  const greyIndex = Math.max(0, Math.min(23, Math.round((mean - 8) / 10)));
  const greyLevel = 8 + 10 * greyIndex;
  const grey: Rgb = [greyLevel, greyLevel, greyLevel];
  return distance2(rgb, grey) < distance2(rgb, cube) ? 232 + greyIndex : 16 + 36 * ri + 6 * gi + bi;
}

/** The 16 system colours as xterm draws them by default: SGR 30-37, then the bright 90-97. */
const SYSTEM_COLORS: readonly Rgb[] = [
  [0, 0, 0],
  [205, 0, 0],
  [0, 205, 0],
  [205, 205, 0],
  [0, 0, 238],
  [205, 0, 205],
  [0, 205, 205],
  [229, 229, 229],
  [127, 127, 127],
  [255, 0, 0],
  [0, 255, 0],
  [255, 255, 0],
  [92, 92, 255],
  [255, 0, 255],
  [0, 255, 255],
  [255, 255, 255],
];

/** The nearest of the 16 system colours (0..15), for a terminal with no more (TERM=screen, xterm). */
export function nearestAnsi16(rgb: Rgb): number {
  let best = 0;
  for (let i = 1; i < SYSTEM_COLORS.length; i += 1) {
    if (distance2(rgb, SYSTEM_COLORS[i] as Rgb) < distance2(rgb, SYSTEM_COLORS[best] as Rgb)) best = i;
  }
  return best;
}

/** Relative luminance (Rec. 709 weights) of a colour, 0..255. */
export function luminance(rgb: Rgb): number {
  return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2];
}

function shadeChar(level: number): string {
  const i = Math.max(0, Math.min(SHADES.length - 1, Math.round((level / 255) * (SHADES.length - 1))));
  return SHADES[i] as string;
}

function pixel(grid: Float64Array, width: number, x: number, y: number): Rgb {
  const o = (y * width + x) * 3;
  return [Math.round(grid[o] as number), Math.round(grid[o + 1] as number), Math.round(grid[o + 2] as number)];
}

function sgrColor(rgb: Rgb, mode: 'truecolor' | 'ansi256' | 'ansi16', ground: 38 | 48): string {
  if (mode === 'truecolor') return `${ground};2;${rgb[0]};${rgb[1]};${rgb[2]}`;
  if (mode === 'ansi256') return `${ground};5;${nearestAnsi256(rgb)}`;
  const index = nearestAnsi16(rgb);
  // 30-37 / 40-47, and the bright ones 90-97 / 100-107.
  return String((ground === 38 ? 30 : 40) + (index < 8 ? index : 60 + index - 8));
}

/**
 * The image as terminal lines (one string per row, each `width` cells wide), at most
 * `columns` x `rows`. Coloured modes end every line with a reset; when the pixel height is odd
 * the last row's lower halves keep the terminal's own background.
 */
export function renderImageBlocks(img: RgbaImage, columns: number, rows: number, opts: ImageBlockOptions): string[] {
  const size = fitPixels(img.width, img.height, columns, rows);
  if (size.width === 0 || size.height === 0) return [];
  const grid = resampleArea(img, size.width, size.height, opts.background);
  const lines: string[] = [];
  for (let y = 0; y < size.height; y += 2) {
    const hasBottom = y + 1 < size.height;
    if (opts.mode === 'shade') {
      let line = '';
      for (let x = 0; x < size.width; x += 1) {
        const top = luminance(pixel(grid, size.width, x, y));
        const level = hasBottom ? (top + luminance(pixel(grid, size.width, x, y + 1))) / 2 : top;
        line += shadeChar(level);
      }
      lines.push(line);
      continue;
    }
    const mode = opts.mode;
    let line = '';
    let current = '';
    for (let x = 0; x < size.width; x += 1) {
      const fg = sgrColor(pixel(grid, size.width, x, y), mode, 38);
      const bg = hasBottom ? sgrColor(pixel(grid, size.width, x, y + 1), mode, 48) : '49';
      const sgr = `\u001b[${fg};${bg}m`;
      // Runs of equal cells share one SGR sequence.
      if (sgr !== current) line += sgr;
      current = sgr;
      line += UPPER_HALF;
    }
    lines.push(line + RESET);
  }
  return lines;
}
