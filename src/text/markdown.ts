// Renders a report body (markdown) into terminal lines. `marked`'s lexer does the parsing;
// this module lays the tokens out for a fixed width. Embedded ClearML widgets (iframes,
// links or images pointing at the web app's /widgets/ page) become lines of their own that
// carry the parsed `reports.get_task_data` request, so the UI can fetch and draw them.

import { lexer } from 'marked';
import type { Token, Tokens } from 'marked';
import { isWidgetUrl, parseWidgetUrl } from './report-widgets.js';
import { sanitize } from './sanitize.js';
import { displayWidth, truncateToWidth } from './width.js';
import type { ReportWidget } from './report-widgets.js';
import { fitColumns } from './fit-columns.js';

export interface MarkdownOptions {
  width: number;
  color: boolean;
  hyperlinks: boolean;
  /** Avoid box-drawing and other non-ASCII decoration. */
  ascii?: boolean;
}

export type RenderedLine = { kind: 'text'; text: string } | { kind: 'widget'; widget: ReportWidget; source: string };

interface Style {
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strike?: boolean;
  dim?: boolean;
  code?: boolean;
  href?: string;
}

interface Frag {
  text: string;
  style: Style;
}

type Out = { kind: 'text'; frags: Frag[] } | { kind: 'widget'; widget: ReportWidget; source: string };

type InlineItem =
  { kind: 'frag'; frag: Frag } | { kind: 'break' } | { kind: 'widget'; widget: ReportWidget; source: string };

interface Ctx {
  width: number;
  color: boolean;
  hyperlinks: boolean;
  ascii: boolean;
}

// ---------------------------------------------------------------------------------------
// Text helpers.

const ESC = '\u001b';

function truncate(text: string, width: number, marker: string): string {
  return truncateToWidth(text, width, { ellipsis: marker });
}

/** The first grapheme of `text` (used when not even one fits a line). */
function firstGrapheme(text: string): string {
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
function decodeText(text: string): string {
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

// ---------------------------------------------------------------------------------------
// Serialising fragments.

function sameStyle(a: Style, b: Style): boolean {
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
function hyperlinkTarget(href: string): string | undefined {
  if (!/^(https?:|mailto:)/i.test(href)) return undefined;
  let out = '';
  for (const ch of href) {
    const cp = ch.codePointAt(0) ?? 0;
    out += cp > 0x20 && cp < 0x7f ? ch : encodeURIComponent(ch);
  }
  return out;
}

function serialize(frags: Frag[], ctx: Ctx): string {
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

function fragsWidth(frags: Frag[]): number {
  return frags.reduce((sum, f) => sum + displayWidth(f.text), 0);
}

/** Cuts a fragment list to `width` columns, marking the cut. */
function clampFrags(frags: Frag[], width: number, marker: string): Frag[] {
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

// ---------------------------------------------------------------------------------------
// Inline tokens.

function withStyle(style: Style, extra: Style): Style {
  return { ...style, ...extra };
}

function widgetWithTitle(widget: ReportWidget, title: string): ReportWidget {
  return title === '' ? widget : { ...widget, title };
}

const IFRAME_SRC = /<iframe\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))[^>]*>/gi;

interface IframeRef {
  tag: string;
  url: string;
}

function iframesIn(html: string): IframeRef[] {
  const refs: IframeRef[] = [];
  for (const m of html.matchAll(IFRAME_SRC)) {
    const url = decodeText(m[1] ?? m[2] ?? m[3] ?? '').trim();
    refs.push({ tag: sanitize(m[0]), url });
  }
  return refs;
}

/** An iframe becomes a widget when it points at the widgets page; otherwise a text placeholder. */
function iframeItems(html: string): InlineItem[] {
  return iframesIn(html).map((ref): InlineItem =>
    isWidgetUrl(ref.url)
      ? { kind: 'widget', widget: parseWidgetUrl(ref.url), source: ref.tag }
      : { kind: 'frag', frag: { text: `[embedded: ${ref.url}]`, style: { href: ref.url } } },
  );
}

function plainInline(tokens: Token[] | undefined): string {
  let out = '';
  for (const t of tokens ?? []) {
    switch (t.type) {
      case 'text':
      case 'escape':
        out +=
          'tokens' in t && Array.isArray(t.tokens) && t.tokens.length > 0 ? plainInline(t.tokens) : decodeText(t.text);
        break;
      case 'codespan':
        out += sanitize(t.text);
        break;
      case 'br':
        out += ' ';
        break;
      case 'image':
        out += `[image: ${decodeText(t.text)}]`;
        break;
      case 'html':
        break;
      case 'checkbox':
        out += t.checked ? '[x] ' : '[ ] ';
        break;
      default:
        if ('tokens' in t && Array.isArray(t.tokens)) out += plainInline(t.tokens);
        else if ('text' in t && typeof t.text === 'string') out += decodeText(t.text);
    }
  }
  return out.replace(/\s+/g, ' ');
}

function inlineItems(tokens: Token[] | undefined, style: Style, ctx: Ctx): InlineItem[] {
  const items: InlineItem[] = [];
  const frag = (text: string, s: Style): void => {
    if (text !== '') items.push({ kind: 'frag', frag: { text, style: s } });
  };
  for (const t of tokens ?? []) {
    switch (t.type) {
      case 'text':
        if (Array.isArray(t.tokens) && t.tokens.length > 0) items.push(...inlineItems(t.tokens, style, ctx));
        else frag(decodeText(t.text), style);
        break;
      case 'escape':
        frag(decodeText(t.text), style);
        break;
      case 'strong':
        items.push(...inlineItems(t.tokens, withStyle(style, { bold: true }), ctx));
        break;
      case 'em':
        items.push(...inlineItems(t.tokens, withStyle(style, { italic: true }), ctx));
        break;
      case 'del':
        if (!ctx.color) frag('~~', style);
        items.push(...inlineItems(t.tokens, withStyle(style, { strike: true }), ctx));
        if (!ctx.color) frag('~~', style);
        break;
      case 'codespan': {
        const code = sanitize(t.text);
        frag(ctx.color ? code : `\`${code}\``, withStyle(style, { code: true }));
        break;
      }
      case 'br':
        items.push({ kind: 'break' });
        break;
      case 'checkbox':
        frag(t.checked ? '[x] ' : '[ ] ', style);
        break;
      case 'link': {
        const href = decodeText(t.href).trim();
        if (isWidgetUrl(href)) {
          items.push({
            kind: 'widget',
            widget: widgetWithTitle(parseWidgetUrl(href), plainInline(t.tokens).trim()),
            source: sanitize(t.raw),
          });
          break;
        }
        const linkable = ctx.hyperlinks && hyperlinkTarget(href) !== undefined;
        const linkStyle = withStyle(style, linkable || ctx.color ? { href, underline: ctx.color } : {});
        items.push(...inlineItems(t.tokens, linkStyle, ctx));
        const shown = plainInline(t.tokens).trim();
        if (!linkable && shown !== href && `mailto:${shown}` !== href) frag(` (${href})`, style);
        break;
      }
      case 'image': {
        const href = decodeText(t.href).trim();
        const alt = decodeText(t.text).trim();
        if (isWidgetUrl(href)) {
          items.push({ kind: 'widget', widget: widgetWithTitle(parseWidgetUrl(href), alt), source: sanitize(t.raw) });
          break;
        }
        frag(`[image: ${alt}] `, style);
        frag(href, withStyle(style, { href, underline: ctx.color }));
        break;
      }
      case 'html':
        if (/<iframe\b/i.test(t.text)) items.push(...iframeItems(t.text));
        else if (/^<br\s*\/?>$/i.test(t.text.trim())) items.push({ kind: 'break' });
        break;
      default:
        if ('tokens' in t && Array.isArray(t.tokens)) items.push(...inlineItems(t.tokens, style, ctx));
        else if ('text' in t && typeof t.text === 'string') frag(decodeText(t.text), style);
    }
  }
  return items;
}

// ---------------------------------------------------------------------------------------
// Wrapping.

interface Word {
  frags: Frag[];
}

/** Lays inline items out in lines of `width`; widgets end the current text and stand alone. */
function wrapItems(items: InlineItem[], width: number): Out[] {
  const out: Out[] = [];
  let words: Word[] = [];
  let current: Frag[] = [];
  const endWord = (): void => {
    if (current.length > 0) words.push({ frags: current });
    current = [];
  };
  const flushLines = (): void => {
    endWord();
    if (words.length > 0) for (const frags of fillLines(words, width)) out.push({ kind: 'text', frags });
    words = [];
  };
  for (const item of items) {
    if (item.kind === 'widget') {
      flushLines();
      out.push(item);
      continue;
    }
    if (item.kind === 'break') {
      flushLines();
      continue;
    }
    const parts = item.frag.text.split(/( +)/);
    parts.forEach((part) => {
      if (part === '') return;
      if (part.startsWith(' ')) endWord();
      else current.push({ text: part, style: item.frag.style });
    });
  }
  flushLines();
  return out;
}

function splitLongWord(word: Word, width: number): Word[] {
  const pieces: Word[] = [];
  let current: Frag[] = [];
  let used = 0;
  const endPiece = (): void => {
    if (current.length > 0) pieces.push({ frags: current });
    current = [];
    used = 0;
  };
  for (const f of word.frags) {
    let rest = f.text;
    while (rest !== '') {
      let head = truncateToWidth(rest, width - used);
      if (head === '') {
        if (used > 0) {
          endPiece();
          continue;
        }
        head = firstGrapheme(rest); // wider than the whole line: it goes alone
      }
      current.push({ text: head, style: f.style });
      used += displayWidth(head);
      rest = rest.slice(head.length);
      if (rest !== '') endPiece();
    }
  }
  endPiece();
  return pieces;
}

function fillLines(words: Word[], width: number): Frag[][] {
  const lines: Frag[][] = [];
  let line: Frag[] = [];
  let used = 0;
  const queue = [...words];
  for (let word = queue.shift(); word !== undefined; word = queue.shift()) {
    const w = fragsWidth(word.frags);
    if (w > width) {
      if (used > 0) {
        lines.push(line);
        line = [];
        used = 0;
      }
      queue.unshift(...splitLongWord(word, width));
      const first = queue.shift();
      if (first === undefined) continue;
      line = [...first.frags];
      used = fragsWidth(first.frags);
      continue;
    }
    const needed = used === 0 ? w : used + 1 + w;
    if (needed > width && used > 0) {
      lines.push(line);
      line = [...word.frags];
      used = w;
      continue;
    }
    if (used > 0) {
      // A space inside a styled run (a link, a bold phrase) takes that style.
      const before = line[line.length - 1]?.style;
      const after = word.frags[0]?.style;
      line.push({
        text: ' ',
        style: before !== undefined && after !== undefined && sameStyle(before, after) ? before : {},
      });
    }
    line.push(...word.frags);
    used = needed;
  }
  if (line.length > 0) lines.push(line);
  return lines;
}

// ---------------------------------------------------------------------------------------
// Blocks.

function prefixed(lines: Out[], first: Frag[], rest: Frag[]): Out[] {
  let isFirst = true;
  return lines.map((line) => {
    if (line.kind === 'widget') return line;
    const prefix = isFirst ? first : rest;
    isFirst = false;
    return { kind: 'text', frags: [...prefix, ...line.frags] };
  });
}

function blank(): Out {
  return { kind: 'text', frags: [] };
}

function ellipsis(ctx: Ctx): string {
  return ctx.ascii ? '~' : '…';
}

function renderHeading(t: Tokens.Heading, ctx: Ctx): Out[] {
  const style: Style = ctx.color ? { bold: true, underline: t.depth <= 2 } : {};
  const marker = ctx.color ? '' : `${'#'.repeat(Math.min(6, Math.max(1, t.depth)))} `;
  const width = Math.max(1, ctx.width - displayWidth(marker));
  const lines = wrapItems(inlineItems(t.tokens, style, ctx), width);
  return prefixed(lines, marker === '' ? [] : [{ text: marker, style }], [
    { text: ' '.repeat(displayWidth(marker)), style: {} },
  ]);
}

function renderCode(t: Tokens.Code, ctx: Ctx): Out[] {
  const lines: Out[] = [];
  const indent = '  ';
  const lang =
    sanitize(t.lang ?? '')
      .trim()
      .split(/\s+/)[0] ?? '';
  if (lang !== '') lines.push({ kind: 'text', frags: [{ text: `${indent}[${lang}]`, style: { dim: true } }] });
  const room = Math.max(1, ctx.width - indent.length);
  for (const raw of t.text.split('\n')) {
    const expanded = raw.replace(/\t/g, '    ');
    const text = truncate(sanitize(expanded), room, ellipsis(ctx));
    lines.push({
      kind: 'text',
      frags: [
        { text: indent, style: {} },
        { text, style: { code: true } },
      ],
    });
  }
  return lines;
}

function alignCell(text: string, width: number, align: 'left' | 'right' | 'center' | null, marker: string): string {
  const cut = truncate(text, width, marker);
  const pad = Math.max(0, width - displayWidth(cut));
  if (align === 'right') return ' '.repeat(pad) + cut;
  if (align === 'center') return ' '.repeat(Math.floor(pad / 2)) + cut + ' '.repeat(pad - Math.floor(pad / 2));
  return cut + ' '.repeat(pad);
}

function renderTable(t: Tokens.Table, ctx: Ctx): Out[] {
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

function stripCheckboxes(tokens: Token[]): Token[] {
  return tokens
    .filter((t) => t.type !== 'checkbox')
    .map((t) =>
      'tokens' in t && Array.isArray(t.tokens) && (t.type === 'paragraph' || t.type === 'text')
        ? ({ ...t, tokens: t.tokens.filter((c: Token) => c.type !== 'checkbox') } as Token)
        : t,
    );
}

function renderList(t: Tokens.List, ctx: Ctx, depth: number): Out[] {
  const out: Out[] = [];
  const bullets = ctx.ascii ? ['-', '*', '+'] : ['•', '◦', '▪'];
  const start = typeof t.start === 'number' ? t.start : 1;
  const numberWidth = t.ordered ? String(start + t.items.length - 1).length + 1 : 0;
  t.items.forEach((item, i) => {
    if (t.loose && i > 0) out.push(blank());
    const base = t.ordered ? `${start + i}.`.padStart(numberWidth) : (bullets[depth % bullets.length] ?? '-');
    const marker = `${base}${item.task ? ` [${item.checked ? 'x' : ' '}]` : ''} `;
    const markerWidth = displayWidth(marker);
    const tokens = item.task ? stripCheckboxes(item.tokens) : item.tokens;
    const body = renderBlocks(
      tokens,
      { ...ctx, width: Math.max(1, ctx.width - markerWidth) },
      depth + 1,
      item.loose || t.loose,
    );
    const first: Frag[] = [{ text: marker, style: { dim: !t.ordered } }];
    const rest: Frag[] = [{ text: ' '.repeat(markerWidth), style: {} }];
    out.push(...(body.length === 0 ? [{ kind: 'text' as const, frags: first }] : prefixed(body, first, rest)));
  });
  return out;
}

function renderBlockquote(t: Tokens.Blockquote, ctx: Ctx, depth: number): Out[] {
  const bar = ctx.ascii ? '> ' : '│ ';
  const body = renderBlocks(t.tokens, { ...ctx, width: Math.max(1, ctx.width - displayWidth(bar)) }, depth, true);
  const prefix: Frag[] = [{ text: bar, style: { dim: true } }];
  return prefixed(body, prefix, prefix);
}

function htmlTextItems(html: string): InlineItem[] {
  const items: InlineItem[] = [];
  html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .split('\n')
    .forEach((part, i) => {
      if (i > 0) items.push({ kind: 'break' });
      items.push({ kind: 'frag', frag: { text: decodeText(part), style: {} } });
    });
  return items;
}

/** Raw HTML: iframes become widgets or placeholders; other markup keeps its words only. */
function renderHtmlBlock(t: Tokens.HTML | Tokens.Tag, ctx: Ctx): Out[] {
  const html = t.text.replace(/<!--[\s\S]*?(-->|$)/g, '');
  const items: InlineItem[] = [];
  let last = 0;
  for (const m of html.matchAll(/<iframe\b[^>]*>(?:[\s\S]*?<\/iframe\s*>)?/gi)) {
    items.push(...htmlTextItems(html.slice(last, m.index)), ...iframeItems(m[0]));
    last = m.index + m[0].length;
  }
  items.push(...htmlTextItems(html.slice(last)));
  return wrapItems(items, ctx.width);
}

function renderBlock(t: Token, ctx: Ctx, depth: number): Out[] {
  switch (t.type) {
    case 'heading':
      return renderHeading(t as Tokens.Heading, ctx);
    case 'paragraph':
    case 'text': {
      const items =
        Array.isArray(t.tokens) && t.tokens.length > 0
          ? inlineItems(t.tokens, {}, ctx)
          : [
              {
                kind: 'frag' as const,
                frag: { text: decodeText(typeof t.text === 'string' ? t.text : ''), style: {} },
              },
            ];
      return wrapItems(items, ctx.width);
    }
    case 'list':
      return renderList(t as Tokens.List, ctx, depth);
    case 'blockquote':
      return renderBlockquote(t as Tokens.Blockquote, ctx, depth);
    case 'code':
      return renderCode(t as Tokens.Code, ctx);
    case 'table':
      return renderTable(t as Tokens.Table, ctx);
    case 'hr':
      return [
        {
          kind: 'text',
          frags: [{ text: (ctx.ascii ? '-' : '─').repeat(Math.max(1, ctx.width)), style: { dim: true } }],
        },
      ];
    case 'html':
      return renderHtmlBlock(t as Tokens.HTML, ctx);
    case 'space':
    case 'def':
      return [];
    default:
      if ('tokens' in t && Array.isArray(t.tokens)) return wrapItems(inlineItems(t.tokens, {}, ctx), ctx.width);
      return [];
  }
}

/** Blocks separated by one blank line; tight list items keep their blocks together. */
function renderBlocks(tokens: Token[], ctx: Ctx, depth: number, spaced: boolean): Out[] {
  const out: Out[] = [];
  for (const t of tokens) {
    const lines = renderBlock(t, ctx, depth);
    if (lines.length === 0) continue;
    if (out.length > 0 && spaced) out.push(blank());
    out.push(...lines);
  }
  return out;
}

/**
 * Renders a report body for a terminal `width` columns wide. Text lines hold SGR only when
 * `color` is set and OSC 8 hyperlinks only when `hyperlinks` is set; control characters
 * from the body never reach the output.
 */
export function renderMarkdown(md: string, opts: MarkdownOptions): RenderedLine[] {
  const width = Math.max(1, Math.floor(opts.width));
  const ctx: Ctx = { width, color: opts.color, hyperlinks: opts.hyperlinks, ascii: opts.ascii ?? false };
  const source = sanitize((typeof md === 'string' ? md : '').replace(/\r\n?/g, '\n'), { multiline: true });
  let tokens: Token[];
  try {
    tokens = lexer(source, { gfm: true });
  } catch {
    // The lexer should accept any string; if it does not, show the text as it is.
    tokens = source.split('\n').map((line) => ({ type: 'code', raw: line, text: line }) as Token);
  }
  const marker = ellipsis(ctx);
  return renderBlocks(tokens, ctx, 0, true).map((line): RenderedLine =>
    line.kind === 'widget' ? line : { kind: 'text', text: serialize(clampFrags(line.frags, width, marker), ctx) },
  );
}
