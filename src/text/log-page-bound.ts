// What the log window keeps of one page, within its budget of display lines and characters.
// A real server adds every log event sharing the last timestamp it takes to the page, so a
// page can hold hundreds of thousands of events whatever `batch_size` asked for (docs/wire-facts.md
// §6.4). The window keeps the page's newest events that fit; when even one timestamp group is
// over the budget it keeps the group's newest part and one line saying how many events of that
// timestamp are not shown. Paging goes on from that timestamp as from any other: the events
// left out cannot be asked for apart from the rest of their group, and are never asked again.
//
// A message's display text is its first MAX_MESSAGE_UNITS code units: a 50 MB message costs the
// log pane no more than a long line; `enter` reads it whole (LogLine.source).
import { sanitizeLines } from './sanitize.js';
import type { LogEntry, LogWindowOptions } from './log-window.js';

/** Code units of one message drawn in the log pane. */
export const MAX_MESSAGE_UNITS = 65_536;

interface KeptEvent {
  entry: LogEntry;
  /** Its sanitised display lines. */
  texts: string[];
  /** The whole message, when the display lines hold only its start. */
  source?: string;
}

export interface KeptPage {
  /** Oldest first. */
  kept: KeptEvent[];
  /** Events of the oldest kept timestamp left out (0: none). */
  gap: number;
  /** True when any event of the page was left out. */
  trimmed: boolean;
}

/** The display lines of one event: the start of a long message, at most `maxLines` lines. */
function displayTexts(entry: LogEntry, options: Readonly<LogWindowOptions>): KeptEvent {
  const msg = entry.msg;
  let end = msg.length;
  if (end > MAX_MESSAGE_UNITS) {
    end = MAX_MESSAGE_UNITS;
    // Never cut a surrogate pair in two.
    const last = msg.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  }
  let texts = sanitizeLines(end === msg.length ? msg : msg.slice(0, end), { color: options.color === true });
  if (texts.length > options.maxLines) {
    const hidden = texts.length - (options.maxLines - 1);
    texts = [...texts.slice(0, options.maxLines - 1), `… ${hidden} more lines`];
  }
  if (end === msg.length) return { entry, texts };
  const more = (msg.length - end).toLocaleString('en-US');
  texts[texts.length - 1] += ` … ${more} more characters (enter reads the whole message)`;
  return { entry, texts, source: msg };
}

/** The line standing for `count` events of one timestamp left out of the window. */
export function gapText(count: number): string {
  const n = count.toLocaleString('en-US');
  return `… ${n} more log ${count === 1 ? 'event' : 'events'} with this timestamp not shown: the server sent them in one page (tracktop export log has them all)`;
}

/**
 * The newest events of `entries` (oldest first) that fit in the window's budget, one line kept
 * free for a gap line. Events are left out by whole timestamp groups, except when a single group
 * is over the budget on its own: then its newest part is kept and `gap` counts the rest.
 */
export function keepNewest(entries: readonly LogEntry[], options: Readonly<LogWindowOptions>): KeptPage {
  const maxLines = Math.max(1, options.maxLines - 1);
  const maxChars = options.maxChars ?? Infinity;
  const kept: KeptEvent[] = [];
  let lines = 0;
  let chars = 0;
  let i = entries.length - 1;
  for (; i >= 0; i--) {
    const entry = entries[i] as LogEntry;
    const event = displayTexts(entry, options);
    if (kept.length > 0 && (lines + event.texts.length > maxLines || chars + entry.msg.length > maxChars)) break;
    kept.push(event);
    lines += event.texts.length;
    chars += entry.msg.length;
  }
  kept.reverse();
  if (i < 0) return { kept, gap: 0, trimmed: false };
  // Left out: entries[0..i]. A group cut in two goes whole, unless it is all that is kept.
  const cutAt = (kept[0] as KeptEvent).entry.timestamp;
  if ((entries[i] as LogEntry).timestamp !== cutAt) return { kept, gap: 0, trimmed: true };
  const firstOther = kept.findIndex((event) => event.entry.timestamp !== cutAt);
  if (firstOther > 0) return { kept: kept.slice(firstOther), gap: 0, trimmed: true };
  let gap = 0;
  while (i >= 0 && (entries[i] as LogEntry).timestamp === cutAt) {
    gap++;
    i--;
  }
  return { kept, gap, trimmed: true };
}
