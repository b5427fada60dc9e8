// Pages a real server may send whatever batch_size asked for: every event sharing the last
// timestamp comes in the same page (docs/wire-facts.md §6.4), so 50,000 events of one
// timestamp are one page. The window keeps a bounded part of such a page and pages on past it.
import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_UNITS, gapText } from '../../src/text/log-page-bound.js';
import {
  appendNewer,
  createLogWindow,
  olderPageFrom,
  newerPageFrom,
  prependOlder,
  replaceWithNewest,
  type LogEntry,
} from '../../src/text/log-window.js';

const MAX_LINES = 100;

function events(timestamp: number, count: number, prefix: string): LogEntry[] {
  return Array.from({ length: count }, (_, i) => ({ timestamp, level: 'info', msg: `${prefix} ${i}` }));
}

/** Newest first, as a `navigate_earlier: true` page comes (events of one timestamp too). */
function newestFirst(page: LogEntry[]): LogEntry[] {
  return [...page].reverse();
}

describe('a page of 50,000 events with one timestamp', () => {
  const huge = events(5000, 50_000, 'same');

  it('keeps the newest events that fit and one line saying how many are not shown', () => {
    const window = replaceWithNewest(createLogWindow({ maxLines: MAX_LINES }), newestFirst(huge), 200);
    expect(window.lines).toHaveLength(MAX_LINES);
    expect(window.lines[0]?.text).toBe(gapText(50_000 - (MAX_LINES - 1)));
    expect(window.lines[0]?.text).toMatch(/^… 49,901 more log events with this timestamp not shown/);
    expect(window.lines.at(-1)?.text).toBe('same 49999');
    expect(window.lines[1]?.text).toBe(`same ${50_000 - (MAX_LINES - 1)}`);
    expect(window.reachedStart).toBe(false);
    expect(olderPageFrom(window)).toBe(5000);
    expect(newerPageFrom(window)).toBe(5000);
  });

  it('pages older from that timestamp, and newer again from the older page', () => {
    let window = replaceWithNewest(createLogWindow({ maxLines: MAX_LINES }), newestFirst(huge), 200);
    const older = events(4000, 30, 'older');
    window = prependOlder(window, newestFirst(older), 200);
    // The window is full: the newest group goes whole to make room, and newer pages start before it.
    expect(window.lines.map((l) => l.text)).toEqual(older.map((e) => e.msg));
    expect(window.reachedStart).toBe(true);
    expect(window.atLiveEnd).toBe(false);
    expect(newerPageFrom(window)).toBe(4000);
    window = appendNewer(window, huge, 200);
    expect(window.lines).toHaveLength(MAX_LINES);
    expect(window.lines.at(-1)?.text).toBe('same 49999');
    expect(new Set(window.lines.map((l) => l.text)).size).toBe(window.lines.length);
  });

  it('bounds a newer page of one timestamp too, and drops what came before it', () => {
    let window = replaceWithNewest(createLogWindow({ maxLines: MAX_LINES }), newestFirst(events(10, 20, 'a')), 200);
    expect(window.reachedStart).toBe(true);
    window = appendNewer(window, huge, 200);
    expect(window.lines).toHaveLength(MAX_LINES);
    expect(window.lines[0]?.text).toBe(gapText(50_000 - (MAX_LINES - 1)));
    expect(window.reachedStart).toBe(false);
    expect(olderPageFrom(window)).toBe(5000);
  });

  it('leaves out older groups whole when the newest ones fill the window', () => {
    const page = [...events(1, 150, 'one'), ...events(2, 60, 'two'), ...events(3, 30, 'three')];
    const window = replaceWithNewest(createLogWindow({ maxLines: MAX_LINES }), newestFirst(page), 500);
    expect(window.lines.map((l) => l.text)).toEqual(
      [...events(2, 60, 'two'), ...events(3, 30, 'three')].map((e) => e.msg),
    );
    expect(window.reachedStart).toBe(false);
    expect(olderPageFrom(window)).toBe(2);
  });
});

describe('the window in characters', () => {
  it('keeps messages within its character budget, and always the newest one', () => {
    const page = Array.from({ length: 10 }, (_, i) => ({ timestamp: i, level: 'info', msg: String(i).repeat(300) }));
    const window = replaceWithNewest(createLogWindow({ maxLines: MAX_LINES, maxChars: 1000 }), newestFirst(page), 10);
    expect(window.lines.map((l) => l.timestamp)).toEqual([7, 8, 9]);
    const alone = replaceWithNewest(
      createLogWindow({ maxLines: MAX_LINES, maxChars: 10 }),
      [{ timestamp: 1, level: 'info', msg: 'x'.repeat(100) }],
      10,
    );
    expect(alone.lines).toHaveLength(1);
  });
});

describe('a 50 MB message', () => {
  it('draws its first 64 Ki characters, saying how many more there are, and keeps the whole for enter', () => {
    const msg = 'y'.repeat(50_000_000);
    const window = replaceWithNewest(
      createLogWindow({ maxLines: MAX_LINES }),
      [{ timestamp: 1, level: 'info', msg }],
      10,
    );
    const line = window.lines[0]!;
    expect(window.lines).toHaveLength(1);
    const more = (msg.length - MAX_MESSAGE_UNITS).toLocaleString('en-US');
    expect(line.text).toBe(
      `${'y'.repeat(MAX_MESSAGE_UNITS)} … ${more} more characters (enter reads the whole message)`,
    );
    expect(line.source).toBe(msg);
  });

  it('is never cut inside a surrogate pair', () => {
    const msg = `${'z'.repeat(MAX_MESSAGE_UNITS - 1)}😀${'z'.repeat(10)}`;
    const window = replaceWithNewest(
      createLogWindow({ maxLines: MAX_LINES }),
      [{ timestamp: 1, level: 'info', msg }],
      10,
    );
    expect(window.lines[0]?.text.startsWith(`${'z'.repeat(MAX_MESSAGE_UNITS - 1)} …`)).toBe(true);
  });
});
