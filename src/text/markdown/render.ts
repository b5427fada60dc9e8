// renderMarkdown: lexes the body and lays its blocks out for a terminal width.

import { lexer, type Token } from 'marked';
import { sanitize } from '../sanitize.js';
import { renderBlocks } from './blocks.js';
import { ellipsis } from './decode.js';
import { clampFrags, serialize } from './serialize.js';
import type { Ctx, MarkdownOptions, RenderedLine } from './types.js';

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
