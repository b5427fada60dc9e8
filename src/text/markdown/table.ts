// GFM tables: columns fitted to the width, cells aligned as the table says.

import type { Tokens } from 'marked';
import { fitColumns } from '../fit-columns.js';
import { displayWidth } from '../width.js';
import { ellipsis, truncate } from './decode.js';
import { plainInline } from './inline.js';
import type { Ctx, Out, Style } from './types.js';

function alignCell(text: string, width: number, align: 'left' | 'right' | 'center' | null, marker: string): string {
  const cut = truncate(text, width, marker);
  const pad = Math.max(0, width - displayWidth(cut));
  if (align === 'right') return ' '.repeat(pad) + cut;
  if (align === 'center') return ' '.repeat(Math.floor(pad / 2)) + cut + ' '.repeat(pad - Math.floor(pad / 2));
  return cut + ' '.repeat(pad);
}

export function renderTable(t: Tokens.Table, ctx: Ctx): Out[] {
  const header = t.header.map((c) => plainInline(c.tokens).trim());
  const rows = t.rows.map((r) => r.map((c) => plainInline(c.tokens).trim()));
  const count = rows.reduce((n, r) => Math.max(n, r.length), header.length);
  const natural = Array.from({ length: count }, (_, c) =>
    rows.reduce((w, r) => Math.max(w, displayWidth(r[c] ?? '')), Math.max(1, displayWidth(header[c] ?? ''))),
  );
  const sep = ctx.ascii ? ' | ' : ' │ ';
  const marker = ellipsis(ctx);
  const { widths } = fitColumns(natural, ctx.width, sep.length, 3);
  const clipped = widths.length < count;
  const line = (cells: string[], style: Style): Out => {
    const text =
      widths.map((w, c) => alignCell(cells[c] ?? '', w, t.align[c] ?? null, marker)).join(sep) +
      (clipped ? `${sep.trimEnd()}${marker}` : '');
    return { kind: 'text', frags: [{ text, style }] };
  };
  const rule = ctx.ascii ? '-' : '─';
  const cross = ctx.ascii ? '-+-' : '─┼─';
  const ruleText = widths.map((w) => rule.repeat(w)).join(cross) + (clipped ? cross.slice(0, 2) : '');
  return [
    line(header, { bold: true }),
    { kind: 'text', frags: [{ text: ruleText, style: { dim: true } }] },
    ...rows.map((r) => line(r, {})),
  ];
}
