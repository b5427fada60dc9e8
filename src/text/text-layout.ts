// A long text laid out for a viewer one screen at a time: the text viewer (`enter` on a log
// line or a value) must open a 50 MB line at once and scroll it at key speed, so nothing here
// walks the whole text but one indexOf pass for its line breaks when it is laid out.
//
// Each line is cut into blocks of BLOCK_UNITS UTF-16 code units (never inside a surrogate
// pair), and a block is sanitised and wrapped on its own when it comes into view: a screen
// costs the few blocks it shows, whatever the length of the line. A block's last row may be
// short, and an escape sequence cut by a block boundary loses its effect on both sides; both
// only happen in lines over 16 Ki characters. A position is a block and a row inside it, so
// moving is exact both ways without counting the rows of the whole text.
//
// All functions are pure; the layout's cache only remembers the rows of blocks drawn lately.
import { wrapText } from './columns.js';
import { sanitize } from './sanitize.js';

/** Code units of a line sanitised and wrapped together. */
export const BLOCK_UNITS = 16_384;
/** Blocks whose rows are remembered (a few screens' worth). */
const CACHED_BLOCKS = 16;

export interface TextLayout {
  readonly text: string;
  /** Offset of each line's first character. */
  readonly lineStarts: readonly number[];
  /** Rows of blocks drawn lately, by `line:block:width` (a memo: no result depends on it). */
  readonly cache: Map<string, readonly string[]>;
}

/** The top row of a view: row `row` of block `block` of line `line`. */
export interface TextPosition {
  line: number;
  block: number;
  row: number;
}

export const TEXT_START: Readonly<TextPosition> = { line: 0, block: 0, row: 0 };

export function layoutText(text: string): TextLayout {
  const lineStarts = [0];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) lineStarts.push(at + 1);
  // A trailing line break opens no line of its own (the sanitiser drops it too).
  if (lineStarts.length > 1 && lineStarts[lineStarts.length - 1] === text.length) lineStarts.pop();
  return { text, lineStarts, cache: new Map() };
}

function lineStart(layout: TextLayout, line: number): number {
  return layout.lineStarts[line] ?? layout.text.length;
}

/** Where the line ends, its line break excluded. */
function lineEnd(layout: TextLayout, line: number): number {
  const next = layout.lineStarts[line + 1];
  return next === undefined ? layout.text.length : next - 1;
}

export function blockCount(layout: TextLayout, line: number): number {
  return Math.max(1, Math.ceil((lineEnd(layout, line) - lineStart(layout, line)) / BLOCK_UNITS));
}

function isHigh(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLow(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Offset of the start of block `block` of `line` (moved past a surrogate pair it would cut). */
function blockStart(layout: TextLayout, line: number, block: number): number {
  const start = lineStart(layout, line);
  const end = lineEnd(layout, line);
  const at = Math.min(end, start + block * BLOCK_UNITS);
  const text = layout.text;
  return at > start && at < end && isLow(text.charCodeAt(at)) && isHigh(text.charCodeAt(at - 1)) ? at + 1 : at;
}

function blockEnd(layout: TextLayout, line: number, block: number): number {
  return block + 1 >= blockCount(layout, line) ? lineEnd(layout, line) : blockStart(layout, line, block + 1);
}

/** The rows of one block: its text sanitised (breaks kept) and wrapped at `width` columns. */
function blockRows(layout: TextLayout, line: number, block: number, width: number): readonly string[] {
  const key = `${line}:${block}:${width}`;
  const cache = layout.cache;
  const known = cache.get(key);
  if (known !== undefined) {
    cache.delete(key);
    cache.set(key, known);
    return known;
  }
  const raw = layout.text.slice(blockStart(layout, line, block), blockEnd(layout, line, block));
  const rows = wrapText(sanitize(raw, { multiline: true }), width);
  cache.set(key, rows);
  if (cache.size > CACHED_BLOCKS) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return rows;
}

function nextBlock(layout: TextLayout, line: number, block: number): { line: number; block: number } | null {
  if (block + 1 < blockCount(layout, line)) return { line, block: block + 1 };
  return line + 1 < layout.lineStarts.length ? { line: line + 1, block: 0 } : null;
}

function previousBlock(layout: TextLayout, line: number, block: number): { line: number; block: number } | null {
  if (block > 0) return { line, block: block - 1 };
  return line > 0 ? { line: line - 1, block: blockCount(layout, line - 1) - 1 } : null;
}

/** The same place, inside the text (a position kept across a resize may name a row no longer there). */
function clampPosition(layout: TextLayout, pos: TextPosition, width: number): TextPosition {
  const line = Math.min(Math.max(0, pos.line), layout.lineStarts.length - 1);
  const block = Math.min(Math.max(0, pos.block), blockCount(layout, line) - 1);
  const rows = blockRows(layout, line, block, width).length;
  return { line, block, row: Math.min(Math.max(0, pos.row), rows - 1) };
}

/** The position `delta` rows below (above, when negative) `pos`, stopping at either end. */
export function moveRows(layout: TextLayout, pos: TextPosition, delta: number, width: number): TextPosition {
  let { line, block, row } = clampPosition(layout, pos, width);
  let left = Math.trunc(delta);
  while (left > 0) {
    const rows = blockRows(layout, line, block, width).length;
    if (row + left < rows) {
      row += left;
      break;
    }
    const next = nextBlock(layout, line, block);
    if (next === null) {
      row = rows - 1;
      break;
    }
    left -= rows - row;
    ({ line, block } = next);
    row = 0;
  }
  while (left < 0) {
    if (row + left >= 0) {
      row += left;
      break;
    }
    const previous = previousBlock(layout, line, block);
    if (previous === null) {
      row = 0;
      break;
    }
    left += row + 1;
    ({ line, block } = previous);
    row = blockRows(layout, line, block, width).length - 1;
  }
  return { line, block, row };
}

function comparePositions(a: TextPosition, b: TextPosition): number {
  return a.line - b.line || a.block - b.block || a.row - b.row;
}

/** The last top that still fills a view `height` rows tall (the start when the text fits). */
export function lastTop(layout: TextLayout, width: number, height: number): TextPosition {
  const line = layout.lineStarts.length - 1;
  const block = blockCount(layout, line) - 1;
  const end = { line, block, row: blockRows(layout, line, block, width).length - 1 };
  return moveRows(layout, end, -(Math.max(1, height) - 1), width);
}

/** Scrolls a view `height` rows tall by `delta` rows, never past the last full view. */
export function scrollView(
  layout: TextLayout,
  top: TextPosition,
  delta: number,
  width: number,
  height: number,
): TextPosition {
  const moved = moveRows(layout, top, delta, width);
  if (delta <= 0) return moved;
  const last = lastTop(layout, width, height);
  return comparePositions(moved, last) > 0 ? last : moved;
}

/** The rows a view `height` rows tall shows from `top`. */
export function visibleRows(layout: TextLayout, top: TextPosition, width: number, height: number): string[] {
  const out: string[] = [];
  const from = clampPosition(layout, top, width);
  let at: { line: number; block: number } | null = from;
  let row = from.row;
  while (at !== null && out.length < height) {
    const rows = blockRows(layout, at.line, at.block, width);
    for (let r = row; r < rows.length && out.length < height; r++) out.push(rows[r] as string);
    at = nextBlock(layout, at.line, at.block);
    row = 0;
  }
  return out;
}

/**
 * Where a view is, for its title: "line 3/12 · 40%" (the line only when there are several; the
 * share of the text above the top row). Empty when the whole text fits in the view.
 */
export function positionLabel(
  layout: TextLayout,
  top: TextPosition,
  width: number,
  height: number,
  separator = ' · ',
): string {
  const last = lastTop(layout, width, height);
  if (comparePositions(last, TEXT_START) === 0) return '';
  const pos = clampPosition(layout, top, width);
  const start = blockStart(layout, pos.line, pos.block);
  const rows = blockRows(layout, pos.line, pos.block, width).length;
  const offset = start + ((blockEnd(layout, pos.line, pos.block) - start) * pos.row) / rows;
  const atEnd = comparePositions(pos, last) >= 0;
  const share = atEnd ? 100 : Math.floor((100 * offset) / Math.max(1, layout.text.length));
  const lines = layout.lineStarts.length;
  return `${lines > 1 ? `line ${pos.line + 1}/${lines}${separator}` : ''}${share}%`;
}
