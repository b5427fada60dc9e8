// Tolerant reading of a `plot_str` payload: parsing the Plotly figure, numbers and labels in
// the forms reporting scripts write them, and the kind of plot it is.

import { isObject, type JsonObject as Json } from '../../wire/json.js';
import { formatNumber } from '../format.js';
import { sanitize } from '../sanitize.js';

export type { Json };
export type PlotKind = 'bar' | 'heatmap' | 'scatter' | 'table' | 'image' | 'other' | 'empty';

export interface Figure {
  data: Json[];
  layout: Json;
}

export function asArray(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** Numbers, numeric strings, "nan", "inf", "-inf"; null counts as a gap (NaN). */
export function toNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (v === null || v === undefined) return Number.NaN;
  if (typeof v !== 'string') return undefined;
  const t = v.trim().toLowerCase();
  if (t === 'nan') return Number.NaN;
  if (t === 'inf' || t === '+inf' || t === 'infinity' || t === '+infinity') return Infinity;
  if (t === '-inf' || t === '-infinity') return -Infinity;
  if (/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/.test(t)) return Number(t);
  return undefined;
}

export function numberOrNaN(v: unknown): number {
  return toNumber(v) ?? Number.NaN;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Plotly labels may carry HTML (`<b>`, `<br>`) and entities; keep the words only. */
export function cleanText(v: unknown): string {
  let text: string;
  if (typeof v === 'string') text = v;
  else if (typeof v === 'number') text = formatNumber(v, 12);
  else if (typeof v === 'boolean') text = String(v);
  else return '';
  text = text.replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]*>/g, '');
  text = text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, name: string) => {
    if (name.startsWith('#')) {
      const cp =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : m;
    }
    return ENTITIES[name.toLowerCase()] ?? m;
  });
  return sanitize(text).replace(/\s+/g, ' ').trim();
}

export function titleOf(v: unknown): string {
  if (isObject(v)) return cleanText(v.text);
  return cleanText(v);
}

// Python's json writes NaN/Infinity bare, which JSON.parse rejects: quote them, outside strings.
function quoteBareNonFinite(text: string): string {
  return text.replace(/"(?:[^"\\]|\\.)*"|-Infinity|Infinity|NaN/g, (m) => {
    if (m === 'NaN') return '"nan"';
    if (m === 'Infinity') return '"inf"';
    if (m === '-Infinity') return '"-inf"';
    return m;
  });
}

export function parseFigure(plotStr: string): Figure | undefined {
  if (typeof plotStr !== 'string') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(plotStr);
  } catch {
    try {
      parsed = JSON.parse(quoteBareNonFinite(plotStr));
    } catch {
      return undefined;
    }
  }
  if (!isObject(parsed)) return undefined;
  const data = asArray(parsed.data).filter(isObject);
  const layout = isObject(parsed.layout) ? parsed.layout : {};
  if (!Array.isArray(parsed.data) && !isObject(parsed.layout)) return undefined;
  return { data, layout };
}

export function traceType(t: Json): string {
  return typeof t.type === 'string' && t.type !== '' ? t.type.toLowerCase() : 'scatter';
}

export function imageSource(layout: Json): string | undefined {
  const first = asArray(layout.images)[0];
  if (!isObject(first) || typeof first.source !== 'string') return undefined;
  const source = cleanText(first.source);
  return source === '' ? undefined : source;
}

export function classify(fig: Figure): PlotKind {
  if (fig.data.length === 0) return imageSource(fig.layout) !== undefined ? 'image' : 'empty';
  const types = fig.data.map(traceType);
  if (types.includes('heatmap')) return 'heatmap';
  if (types.includes('table')) return 'table';
  if (types.every((t) => t === 'bar')) return 'bar';
  if (types.every((t) => t === 'scatter' || t === 'scattergl')) return 'scatter';
  return 'other';
}

export function seriesName(t: Json, i: number): string {
  const name = cleanText(t.name);
  return name === '' ? `series ${i + 1}` : name;
}
