// Inline tokens (emphasis, code, links, images, inline HTML) to styled fragments, breaks and
// embedded widgets.

import type { Token } from 'marked';
import { isWidgetUrl, parseWidgetUrl, type ReportWidget } from '../report-widgets.js';
import { sanitize } from '../sanitize.js';
import { decodeText } from './decode.js';
import { hyperlinkTarget } from './serialize.js';
import type { Ctx, InlineItem, Style } from './types.js';

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
export function iframeItems(html: string): InlineItem[] {
  return iframesIn(html).map((ref): InlineItem =>
    isWidgetUrl(ref.url)
      ? { kind: 'widget', widget: parseWidgetUrl(ref.url), source: ref.tag }
      : { kind: 'frag', frag: { text: `[embedded: ${ref.url}]`, style: { href: ref.url } } },
  );
}

export function plainInline(tokens: Token[] | undefined): string {
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

export function inlineItems(tokens: Token[] | undefined, style: Style, ctx: Ctx): InlineItem[] {
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
