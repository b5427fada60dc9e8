// Text as it comes out of the lexer: character references, controls, cutting to a width.

import { sanitize } from '../sanitize.js';
import { truncateToWidth } from '../width.js';
import type { Ctx } from './types.js';

export function truncate(text: string, width: number, marker: string): string {
  return truncateToWidth(text, width, { ellipsis: marker });
}

/** The first grapheme of `text` (used when not even one fits a line). */
export function firstGrapheme(text: string): string {
  const first = new Intl.Segmenter().segment(text)[Symbol.iterator]().next();
  return first.done === true ? '' : first.value.segment;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  laquo: '«',
  raquo: '»',
  middot: '·',
  times: '×',
  deg: '°',
};

/** Resolves the character references the lexer leaves in text, then strips controls. */
export function decodeText(text: string): string {
  const decoded = text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (m, ref: string) => {
    if (ref.startsWith('#')) {
      const hex = ref[1] === 'x' || ref[1] === 'X';
      const cp = Number.parseInt(ref.slice(hex ? 2 : 1), hex ? 16 : 10);
      return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : m;
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? m;
  });
  return sanitize(decoded);
}

export function ellipsis(ctx: Ctx): string {
  return ctx.ascii ? '~' : '…';
}
