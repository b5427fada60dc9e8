// Row helpers shared by the plot renderers: fitting text to a width, colour, and the
// "more" and legend rows.

import { displayWidth, fitToWidth, truncateToWidth } from '../width.js';
import type { PlotTextOptions } from './options.js';

const ESC = '\u001b';

export function truncate(text: string, width: number): string {
  return truncateToWidth(text, width, { ellipsis: '…' });
}

export function padEnd(text: string, width: number): string {
  return fitToWidth(text, width, { ellipsis: '…' });
}

export function padStart(text: string, width: number): string {
  return fitToWidth(text, width, { ellipsis: '…', align: 'right' });
}

// The few non-ASCII marks this module writes itself, for terminals that render them badly.
const ASCII_FOLD: Record<string, string> = { '…': '~', '–': '-', '·': '.', '›': '>' };

export function asciiFold(row: string): string {
  return row.replace(/[…–·›]/g, (c) => ASCII_FOLD[c] ?? c);
}

export function paint(text: string, sgr: string, on: boolean): string {
  if (!on || text === '') return text;
  const reset = sgr === '1' || sgr === '2' ? '22' : '39';
  return `${ESC}[${sgr}m${text}${ESC}[${reset}m`;
}

const SERIES_COLORS = ['36', '33', '35', '32', '34', '31'];

export function seriesColor(i: number): string {
  return SERIES_COLORS[i % SERIES_COLORS.length] ?? '36';
}

export function maxOf(values: Iterable<number>, fallback: number): number {
  let best = -Infinity;
  for (const v of values) if (v > best) best = v;
  return best === -Infinity ? fallback : best;
}

export function minOf(values: Iterable<number>, fallback: number): number {
  let best = Infinity;
  for (const v of values) if (v < best) best = v;
  return best === Infinity ? fallback : best;
}

export function moreRow(n: number, what: string, width: number): string {
  return truncate(`… ${n} more ${what}`, width);
}

export function legendRow(names: string[], glyphs: string[], opts: PlotTextOptions): string {
  let out = '';
  let used = 0;
  for (let i = 0; i < names.length; i++) {
    const glyph = glyphs[i] ?? '#';
    const sep = i === 0 ? '' : '  ';
    const item = `${glyph} ${names[i] ?? ''}`;
    const itemW = displayWidth(item);
    if (used + sep.length + itemW > opts.width) {
      const room = opts.width - used - sep.length;
      if (room >= 3)
        out +=
          sep + paint(glyph, seriesColor(i), opts.color) + truncate(` ${names[i] ?? ''}`, room - displayWidth(glyph));
      break;
    }
    out += sep + paint(glyph, seriesColor(i), opts.color) + ` ${names[i] ?? ''}`;
    used += sep.length + itemW;
  }
  return out;
}
