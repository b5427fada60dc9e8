// Block tokens (headings, paragraphs, lists, quotes, code, rules, raw HTML) to lines.

import type { Token, Tokens } from 'marked';
import { sanitize } from '../sanitize.js';
import { displayWidth } from '../width.js';
import { decodeText, ellipsis, truncate } from './decode.js';
import { iframeItems, inlineItems } from './inline.js';
import { renderTable } from './table.js';
import type { Ctx, Frag, InlineItem, Out, Style } from './types.js';
import { wrapItems } from './wrap.js';

function prefixed(lines: Out[], first: Frag[], rest: Frag[]): Out[] {
  let isFirst = true;
  return lines.map((line) => {
    if (line.kind === 'widget') return line;
    const prefix = isFirst ? first : rest;
    isFirst = false;
    return { kind: 'text', frags: [...prefix, ...line.frags] };
  });
}

export function blank(): Out {
  return { kind: 'text', frags: [] };
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
export function renderBlocks(tokens: Token[], ctx: Ctx, depth: number, spaced: boolean): Out[] {
  const out: Out[] = [];
  for (const t of tokens) {
    const lines = renderBlock(t, ctx, depth);
    if (lines.length === 0) continue;
    if (out.length > 0 && spaced) out.push(blank());
    out.push(...lines);
  }
  return out;
}
