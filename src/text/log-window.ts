// The log pane's model: a bounded window onto a task's log, built from `events.get_task_log`
// pages (docs/wire-facts.md §6.4). The server pages by timestamp: an older page is fetched with
// `from_timestamp` = the oldest timestamp held and `navigate_earlier: true`, a newer one with the
// newest timestamp held and `navigate_earlier: false`. `from_timestamp` is exclusive and every
// event sharing a page's boundary timestamp comes in that same page, so this window only ever
// evicts whole timestamp groups: a later fetch from the new boundary then returns exactly what
// was evicted, nothing skipped. The response's `total` is capped at 10000 and is not used.
// What one page adds is bounded too, in lines and characters (log-page-bound.ts), however many
// events the server put in it.
//
// All functions are pure: each returns a new window and leaves its input unchanged.
import { gapText, keepNewest, type KeptPage } from './log-page-bound.js';
import { stripSgr } from './sanitize.js';

/** One log event, as `events.get_task_log` returns it (extra fields are ignored). */
export interface LogEntry {
  timestamp: number;
  level: string;
  msg: string;
  worker?: string;
  iter?: number;
  /** tracktop's server: the log's place among those sharing its timestamp (a page cursor). */
  seq?: number;
}

/** One display line; a multi-line message gives several, all with its timestamp and level. */
export interface LogLine {
  /** Unique within the window's life; use it to keep a position across updates. */
  id: number;
  timestamp: number;
  level: string;
  /** Sanitised; holds SGR sequences only when the window was created with `color`. */
  text: string;
  /** `text` without SGR, for searching. */
  plain: string;
  /** True on the first line of its event. */
  first: boolean;
  /** On the first line of a message too long to draw whole: the whole message (for `enter`). */
  source?: string;
  worker?: string;
  iter?: number;
}

export interface LogWindowOptions {
  /** Memory budget in display lines. */
  maxLines: number;
  /** Memory budget in characters of messages (default none); one event is always kept. */
  maxChars?: number;
  /** Keep the log's own SGR colours. */
  color?: boolean;
}

/** One event with its display lines. */
interface LogBlock {
  entry: LogEntry;
  lines: LogLine[];
  /** A line standing for this many events of its timestamp that the window left out. */
  gap?: number;
}

export interface LogWindow {
  readonly options: Readonly<LogWindowOptions>;
  /** Display lines, oldest first. */
  readonly lines: readonly LogLine[];
  /** Nothing older exists on the server (an older page came back shorter than asked). */
  readonly reachedStart: boolean;
  /** Nothing newer is known beyond the window (no newer line was evicted or left unfetched). */
  readonly atLiveEnd: boolean;
  /** Events, oldest first, each with its display lines. */
  readonly blocks: readonly LogBlock[];
  readonly nextId: number;
  /**
   * Display lines of the log older / newer than the window, as far as the window has seen
   * them (null: unknown). Counted from an end the window once held: lines that reached the
   * server while the window was away from that end are not in the count.
   */
  readonly olderHidden: number | null;
  readonly newerHidden: number | null;
}

export function createLogWindow(options: LogWindowOptions): LogWindow {
  const maxLines = Number.isFinite(options.maxLines) ? Math.max(1, Math.floor(options.maxLines)) : 1;
  const maxChars = options.maxChars === undefined ? Infinity : Math.max(1, options.maxChars);
  return {
    options: { maxLines, maxChars, color: options.color === true },
    lines: [],
    reachedStart: false,
    atLiveEnd: true,
    blocks: [],
    nextId: 0,
    olderHidden: null,
    newerHidden: 0,
  };
}

function normalise(event: LogEntry): LogEntry {
  const raw: Partial<Record<keyof LogEntry, unknown>> = event;
  const timestamp = Number(raw.timestamp);
  const entry: LogEntry = {
    timestamp: Number.isFinite(timestamp) ? timestamp : 0,
    level: typeof raw.level === 'string' ? raw.level : '',
    msg: typeof raw.msg === 'string' ? raw.msg : raw.msg === undefined || raw.msg === null ? '' : String(raw.msg),
  };
  if (typeof raw.worker === 'string') entry.worker = raw.worker;
  if (typeof raw.iter === 'number' && Number.isFinite(raw.iter)) entry.iter = raw.iter;
  if (typeof raw.seq === 'number' && Number.isInteger(raw.seq)) entry.seq = raw.seq;
  return entry;
}

/**
 * A page's events oldest first. Pages fetched with `navigate_earlier: true` come newest first
 * (`newestFirst`), events of one timestamp too: reversing them before the (stable) sort keeps
 * events that share a timestamp in the order they were logged.
 */
function ascending(page: readonly LogEntry[], newestFirst: boolean): LogEntry[] {
  const entries = page.map(normalise);
  const first = entries[0];
  const last = entries[entries.length - 1];
  const descending =
    first && last && (first.timestamp > last.timestamp || (newestFirst && first.timestamp === last.timestamp));
  if (descending) entries.reverse();
  return entries.sort((a, b) => a.timestamp - b.timestamp);
}

function eventKey(entry: LogEntry): string {
  // With a seq (tracktop's server) two logs alike in all else are still two logs.
  return `${entry.timestamp}\u0000${entry.level}\u0000${entry.msg}\u0000${entry.seq ?? ''}`;
}

/**
 * The page's events oldest first, minus those the window already holds. Identical events are
 * legitimate (log events are never merged by the server), so duplicates are matched one for one:
 * a page event is dropped only if an unmatched identical event with the same timestamp is held.
 */
function freshEntries(window: LogWindow, page: readonly LogEntry[], newestFirst: boolean): LogEntry[] {
  const entries = ascending(page, newestFirst);
  if (entries.length === 0 || window.blocks.length === 0) return entries;
  const lo = (entries[0] as LogEntry).timestamp;
  const hi = (entries[entries.length - 1] as LogEntry).timestamp;
  const held = new Map<string, number>();
  for (const block of window.blocks) {
    const t = block.entry.timestamp;
    if (t < lo || t > hi || block.gap !== undefined) continue;
    const key = eventKey(block.entry);
    held.set(key, (held.get(key) ?? 0) + 1);
  }
  if (held.size === 0) return entries;
  return entries.filter((entry) => {
    const key = eventKey(entry);
    const count = held.get(key) ?? 0;
    if (count === 0) return true;
    held.set(key, count - 1);
    return false;
  });
}

/** What the window keeps of a page (events oldest first) as blocks, ids from `firstId`. */
function toBlocks(page: KeptPage, options: Readonly<LogWindowOptions>, firstId: number): LogBlock[] {
  let id = firstId;
  const blocks: LogBlock[] = [];
  const first = page.kept[0];
  if (page.gap > 0 && first !== undefined) {
    const timestamp = first.entry.timestamp;
    const text = gapText(page.gap);
    const line: LogLine = { id: id++, timestamp, level: '', text, plain: text, first: true };
    blocks.push({ entry: { timestamp, level: '', msg: '' }, lines: [line], gap: page.gap });
  }
  for (const { entry, texts, source } of page.kept) {
    const lines = texts.map((text, k): LogLine => {
      const line: LogLine = {
        id: id++,
        timestamp: entry.timestamp,
        level: entry.level,
        text,
        plain: options.color === true ? stripSgr(text) : text,
        first: k === 0,
      };
      if (k === 0 && source !== undefined) line.source = source;
      if (entry.worker !== undefined) line.worker = entry.worker;
      if (entry.iter !== undefined) line.iter = entry.iter;
      return line;
    });
    blocks.push({ entry, lines });
  }
  return blocks;
}

function lineCount(blocks: readonly LogBlock[]): number {
  let n = 0;
  for (const block of blocks) n += block.lines.length;
  return n;
}

function charCount(blocks: readonly LogBlock[]): number {
  let n = 0;
  for (const block of blocks) n += block.entry.msg.length;
  return n;
}

/**
 * Drops whole timestamp groups from one end while over budget (lines or characters), never the
 * last group left. Returns the kept blocks and whether anything was dropped.
 */
function evict(
  blocks: LogBlock[],
  options: Readonly<LogWindowOptions>,
  from: 'oldest' | 'newest',
): { blocks: LogBlock[]; evicted: boolean; dropped: number } {
  const maxLines = options.maxLines;
  const maxChars = options.maxChars ?? Infinity;
  let total = lineCount(blocks);
  let chars = charCount(blocks);
  let start = 0;
  let end = blocks.length;
  while (total > maxLines || chars > maxChars) {
    if (from === 'oldest') {
      const t = (blocks[start] as LogBlock).entry.timestamp;
      let next = start;
      let dropped = 0;
      let droppedChars = 0;
      for (; next < end && (blocks[next] as LogBlock).entry.timestamp === t; next++) {
        dropped += (blocks[next] as LogBlock).lines.length;
        droppedChars += (blocks[next] as LogBlock).entry.msg.length;
      }
      if (next >= end) break;
      start = next;
      total -= dropped;
      chars -= droppedChars;
    } else {
      const t = (blocks[end - 1] as LogBlock).entry.timestamp;
      let next = end;
      let dropped = 0;
      let droppedChars = 0;
      for (; next > start && (blocks[next - 1] as LogBlock).entry.timestamp === t; next--) {
        dropped += (blocks[next - 1] as LogBlock).lines.length;
        droppedChars += (blocks[next - 1] as LogBlock).entry.msg.length;
      }
      if (next <= start) break;
      end = next;
      total -= dropped;
      chars -= droppedChars;
    }
  }
  const evicted = start > 0 || end < blocks.length;
  return { blocks: evicted ? blocks.slice(start, end) : blocks, evicted, dropped: lineCount(blocks) - total };
}

function build(
  window: LogWindow,
  blocks: LogBlock[],
  nextId: number,
  reachedStart: boolean,
  atLiveEnd: boolean,
  hidden: { older: number | null; newer: number | null },
): LogWindow {
  const lines: LogLine[] = [];
  for (const block of blocks) for (const line of block.lines) lines.push(line);
  const olderHidden = reachedStart ? 0 : hidden.older;
  const newerHidden = atLiveEnd ? 0 : hidden.newer;
  return { options: window.options, lines, reachedStart, atLiveEnd, blocks, nextId, olderHidden, newerHidden };
}

/** `count` less `taken` (lines that came into the window from that side), or null. */
function less(count: number | null, taken: number): number | null {
  return count === null ? null : Math.max(0, count - taken);
}

function more(count: number | null, added: number): number | null {
  return count === null ? null : count + added;
}

/** True when a page holds fewer events than were asked for: the end in that direction. */
function isShortPage(page: readonly LogEntry[], requested: number): boolean {
  return page.length < requested;
}

/**
 * Replaces the window with the newest page (`navigate_earlier: true`, no `from_timestamp`).
 * `requested` is the `batch_size` asked for.
 */
export function replaceWithNewest(window: LogWindow, page: readonly LogEntry[], requested: number): LogWindow {
  const bounded = keepNewest(ascending(page, true), window.options);
  const blocks = toBlocks(bounded, window.options, window.nextId);
  const kept = evict(blocks, window.options, 'oldest');
  const nextId = window.nextId + lineCount(blocks);
  const reachedStart = isShortPage(page, requested) && !kept.evicted && !bounded.trimmed;
  return build(window, kept.blocks, nextId, reachedStart, true, { older: null, newer: 0 });
}

/**
 * Adds an older page in front. Newest lines beyond the budget are evicted, and then the window
 * is no longer at the live end.
 */
export function prependOlder(window: LogWindow, page: readonly LogEntry[], requested: number): LogWindow {
  const bounded = keepNewest(freshEntries(window, page, true), window.options);
  const fresh = toBlocks(bounded, window.options, window.nextId);
  const merged = [...fresh, ...window.blocks];
  merged.sort((a, b) => a.entry.timestamp - b.entry.timestamp);
  const kept = evict(merged, window.options, 'newest');
  const nextId = window.nextId + lineCount(fresh);
  const reachedStart = isShortPage(page, requested) && !bounded.trimmed;
  return build(window, kept.blocks, nextId, reachedStart, window.atLiveEnd && !kept.evicted, {
    older: bounded.trimmed ? null : less(window.olderHidden, lineCount(fresh)),
    newer: more(window.newerHidden, kept.dropped),
  });
}

/**
 * Adds a newer page at the end. Oldest lines beyond the budget are evicted, and then the start
 * of the log is no longer in the window. A page shorter than requested means the live end.
 */
export function appendNewer(window: LogWindow, page: readonly LogEntry[], requested: number): LogWindow {
  const bounded = keepNewest(freshEntries(window, page, false), window.options);
  const fresh = toBlocks(bounded, window.options, window.nextId);
  // Older events of the page left out: what the window held before them cannot stay beside them.
  const merged = bounded.trimmed ? fresh : [...window.blocks, ...fresh];
  merged.sort((a, b) => a.entry.timestamp - b.entry.timestamp);
  const kept = evict(merged, window.options, 'oldest');
  const nextId = window.nextId + lineCount(fresh);
  const reachedStart = window.reachedStart && !kept.evicted && !bounded.trimmed;
  // Lines of the page left out, and the window before them, are hidden in an unknown number.
  return build(window, kept.blocks, nextId, reachedStart, isShortPage(page, requested), {
    older: bounded.trimmed ? null : more(window.olderHidden, kept.dropped),
    newer: less(window.newerHidden, lineCount(fresh)),
  });
}

/**
 * `from_timestamp` for the next older page (with `navigate_earlier: true`); undefined when the
 * window is empty (fetch the newest page instead).
 */
export function olderPageFrom(window: LogWindow): number | undefined {
  return window.blocks[0]?.entry.timestamp;
}

/**
 * `from_seq` to send beside `olderPageFrom` / `newerPageFrom`: the edge log's `seq` when the
 * server gave one, so a page goes on inside a timestamp that a page boundary split.
 */
export function pageSeq(window: LogWindow, side: 'older' | 'newer'): number | undefined {
  const block = side === 'older' ? window.blocks[0] : window.blocks[window.blocks.length - 1];
  return block?.entry.seq;
}

/**
 * `from_timestamp` for the next newer page (with `navigate_earlier: false`); undefined when the
 * window is empty (fetch the newest page instead: without it the server starts at the oldest).
 */
export function newerPageFrom(window: LogWindow): number | undefined {
  return window.blocks[window.blocks.length - 1]?.entry.timestamp;
}

/** Index of the line with this id, or -1 when it is no longer in the window. */
export function indexOfLine(window: LogWindow, id: number): number {
  return window.lines.findIndex((line) => line.id === id);
}
