// Styled fragments to terminal text: SGR for styles, OSC 8 for hyperlinks, cut to a width.

import { displayWidth, truncateToWidth } from '../width.js';
import type { Ctx, Frag, Style } from './types.js';

const ESC = '\u001b';

export function sameStyle(a: Style, b: Style): boolean {
  return (
    !a.bold === !b.bold &&
    !a.italic === !b.italic &&
    !a.underline === !b.underline &&
    !a.strike === !b.strike &&
    !a.dim === !b.dim &&
    !a.code === !b.code &&
    a.href === b.href
  );
}

function sgrCodes(style: Style): string[] {
  const codes: string[] = [];
  if (style.bold) codes.push('1');
  if (style.dim) codes.push('2');
  if (style.italic) codes.push('3');
  if (style.underline) codes.push('4');
  if (style.strike) codes.push('9');
  if (style.code) codes.push('36');
  else if (style.href !== undefined) codes.push('34');
  return codes;
}

// OSC 8 targets must be printable ASCII without the sequence terminators.
export function hyperlinkTarget(href: string): string | undefined {
  if (!/^(https?:|mailto:)/i.test(href)) return undefined;
  let out = '';
  for (const ch of href) {
    const cp = ch.codePointAt(0) ?? 0;
    out += cp > 0x20 && cp < 0x7f ? ch : encodeURIComponent(ch);
  }
  return out;
}

export function serialize(frags: Frag[], ctx: Ctx): string {
  const merged: Frag[] = [];
  for (const f of frags) {
    if (f.text === '') continue;
    const last = merged[merged.length - 1];
    if (last !== undefined && sameStyle(last.style, f.style)) last.text += f.text;
    else merged.push({ text: f.text, style: f.style });
  }
  let out = '';
  for (const f of merged) {
    let text = f.text;
    const codes = ctx.color ? sgrCodes(f.style) : [];
    if (codes.length > 0) text = `${ESC}[${codes.join(';')}m${text}${ESC}[0m`;
    const target = ctx.hyperlinks && f.style.href !== undefined ? hyperlinkTarget(f.style.href) : undefined;
    if (target !== undefined) text = `${ESC}]8;;${target}${ESC}\\${text}${ESC}]8;;${ESC}\\`;
    out += text;
  }
  return out;
}

export function fragsWidth(frags: Frag[]): number {
  return frags.reduce((sum, f) => sum + displayWidth(f.text), 0);
}

/** Cuts a fragment list to `width` columns, marking the cut. */
export function clampFrags(frags: Frag[], width: number, marker: string): Frag[] {
  if (fragsWidth(frags) <= width) return frags;
  const markerWidth = displayWidth(marker);
  const room = Math.max(0, width - markerWidth);
  const out: Frag[] = [];
  let used = 0;
  for (const f of frags) {
    const text = truncateToWidth(f.text, room - used);
    if (text !== '') out.push({ text, style: f.style });
    used += displayWidth(text);
    if (text !== f.text) break;
  }
  if (width >= markerWidth) out.push({ text: marker, style: {} });
  return out;
}
