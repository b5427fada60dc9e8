import { describe, expect, it } from 'vitest';
import {
  LOG_LEVEL_STYLES,
  appendNewer,
  createLogWindow,
  indexOfLine,
  logLevelClass,
  newerPageFrom,
  olderPageFrom,
  prependOlder,
  replaceWithNewest,
  resumeSearch,
  searchLog,
} from '../../src/text/log-window.js';
import { compileLogQuery, type LogMatcher } from '../../src/text/log-query.js';
import type { LogEntry, LogWindow } from '../../src/text/log-window.js';

/**
 * The paging rule of `events.get_task_log` (docs/wire-facts.md §6.4), applied to an in-memory log: the
 * window is pure, so a model of the rule is what exercises it (the embedded server, which
 * implements the same rule over SQLite, is tested on its own).
 */
function serverPage(log: readonly LogEntry[], batch: number, navigateEarlier: boolean, from?: number): LogEntry[] {
  const sorted = [...log].sort((a, b) => a.timestamp - b.timestamp);
  const candidates = navigateEarlier
    ? sorted.filter((e) => from === undefined || e.timestamp < from).reverse()
    : sorted.filter((e) => from === undefined || e.timestamp > from);
  const taken = candidates.slice(0, batch);
  const last = taken.at(-1);
  if (last) for (const e of candidates.slice(batch)) if (e.timestamp === last.timestamp) taken.push(e);
  return taken;
}

function entry(timestamp: number, msg: string, level = 'info'): LogEntry {
  return { timestamp, level, msg, worker: 'w1' };
}

/** A log of `n` single-line events; every third timestamp is shared by two events. */
function makeLog(n: number): LogEntry[] {
  const log: LogEntry[] = [];
  let t = 1000;
  for (let i = 0; i < n; i++) {
    if (i % 3 !== 2) t += 10;
    log.push(entry(t, `line ${i}`));
  }
  return log;
}

const texts = (w: LogWindow): string[] => w.lines.map((l) => l.text);

describe('replaceWithNewest', () => {
  it('orders a descending page oldest first and marks the live end', () => {
    const log = makeLog(10);
    const page = serverPage(log, 5, true);
    // 5 asked for, plus the event sharing the last one's timestamp.
    expect(page).toHaveLength(6);
    const w = replaceWithNewest(createLogWindow({ maxLines: 100 }), page, 5);
    expect(texts(w)).toEqual(log.slice(-6).map((e) => e.msg));
    expect(w.atLiveEnd).toBe(true);
    expect(w.reachedStart).toBe(false);
  });

  it('knows the start was reached when the page is shorter than requested', () => {
    const log = makeLog(4);
    const w = replaceWithNewest(createLogWindow({ maxLines: 100 }), serverPage(log, 10, true), 10);
    expect(w.reachedStart).toBe(true);
    expect(texts(w)).toEqual(log.map((e) => e.msg));
  });

  it('handles a task without logs', () => {
    const w = replaceWithNewest(createLogWindow({ maxLines: 100 }), [], 100);
    expect(w.lines).toEqual([]);
    expect(w.reachedStart).toBe(true);
    expect(olderPageFrom(w)).toBeUndefined();
    expect(newerPageFrom(w)).toBeUndefined();
  });

  it('keeps only the newest lines of a page larger than the budget', () => {
    const log = makeLog(30);
    const w = replaceWithNewest(createLogWindow({ maxLines: 10 }), serverPage(log, 30, true), 50);
    expect(w.lines.length).toBeLessThanOrEqual(10);
    expect(texts(w).at(-1)).toBe('line 29');
    expect(w.reachedStart).toBe(false);
  });
});

describe('display lines', () => {
  it('splits multi-line messages; each line keeps its event timestamp, level, worker and iteration', () => {
    const page: LogEntry[] = [
      { timestamp: 5, level: 'error', msg: 'Traceback:\n  File "x.py"\nValueError\n', worker: 'gpu-1', iter: 7 },
    ];
    const w = replaceWithNewest(createLogWindow({ maxLines: 100 }), page, 10);
    expect(texts(w)).toEqual(['Traceback:', '  File "x.py"', 'ValueError']);
    for (const line of w.lines) {
      expect(line).toMatchObject({ timestamp: 5, level: 'error', worker: 'gpu-1', iter: 7 });
    }
    expect(w.lines.map((l) => l.first)).toEqual([true, false, false]);
  });

  it('sanitises messages and keeps colours only when asked', () => {
    const page = [entry(1, '\u001b[31mred\u001b[0m \u001b]52;c;AAAA\u0007ok\r100%')];
    const plain = replaceWithNewest(createLogWindow({ maxLines: 10 }), page, 10);
    // `\r` returns to column 0 and the text after it overwrites, as a terminal shows it.
    expect(texts(plain)).toEqual(['100%ok']);
    const coloured = replaceWithNewest(
      createLogWindow({ maxLines: 10, color: true }),
      [entry(1, '\u001b[31mred\u001b[0m ok')],
      10,
    );
    expect(coloured.lines[0]?.text).toBe('\u001b[31mred\u001b[0m ok');
    expect(coloured.lines[0]?.plain).toBe('red ok');
  });

  it('caps the lines of one huge message to the budget with a note', () => {
    const msg = Array.from({ length: 50 }, (_, i) => `row ${i}`).join('\n');
    const w = replaceWithNewest(createLogWindow({ maxLines: 10 }), [entry(1, msg)], 10);
    expect(w.lines).toHaveLength(10);
    expect(w.lines.at(-1)?.text).toBe('… 41 more lines');
  });

  it('tolerates malformed events from a server', () => {
    const bad = [{ timestamp: 'x', level: null, msg: 42 }] as unknown as LogEntry[];
    const w = replaceWithNewest(createLogWindow({ maxLines: 10 }), bad, 10);
    expect(w.lines[0]).toMatchObject({ timestamp: 0, level: '', text: '42' });
  });
});

describe('paging older and newer', () => {
  it('prepends older pages until the start, fetching from the oldest timestamp held', () => {
    const log = makeLog(25);
    let w = replaceWithNewest(createLogWindow({ maxLines: 1000 }), serverPage(log, 6, true), 6);
    while (!w.reachedStart) {
      w = prependOlder(w, serverPage(log, 6, true, olderPageFrom(w)), 6);
    }
    expect(texts(w)).toEqual(log.map((e) => e.msg));
    expect(w.atLiveEnd).toBe(true);
  });

  it('evicts the newest lines beyond the budget when paging older and leaves the live end', () => {
    const log = makeLog(40);
    let w = replaceWithNewest(createLogWindow({ maxLines: 12 }), serverPage(log, 6, true), 6);
    w = prependOlder(w, serverPage(log, 6, true, olderPageFrom(w)), 6);
    w = prependOlder(w, serverPage(log, 6, true, olderPageFrom(w)), 6);
    expect(w.lines.length).toBeLessThanOrEqual(12);
    expect(w.atLiveEnd).toBe(false);
    expect(texts(w).includes('line 39')).toBe(false);
  });

  it('evicts the oldest lines beyond the budget when paging newer and forgets the start', () => {
    const log = makeLog(40);
    let w = replaceWithNewest(createLogWindow({ maxLines: 12 }), serverPage(log.slice(0, 5), 6, true), 6);
    expect(w.reachedStart).toBe(true);
    w = appendNewer(w, serverPage(log, 6, false, newerPageFrom(w)), 6);
    w = appendNewer(w, serverPage(log, 6, false, newerPageFrom(w)), 6);
    expect(w.lines.length).toBeLessThanOrEqual(12);
    expect(w.reachedStart).toBe(false);
    expect(texts(w)[0]).not.toBe('line 0');
    expect(w.atLiveEnd).toBe(false);
  });

  it('is at the live end after a newer page shorter than requested', () => {
    const log = makeLog(8);
    let w = replaceWithNewest(createLogWindow({ maxLines: 100 }), serverPage(log.slice(0, 4), 10, true), 10);
    w = appendNewer(w, serverPage(log, 10, false, newerPageFrom(w)), 10);
    expect(w.atLiveEnd).toBe(true);
    expect(texts(w)).toEqual(log.map((e) => e.msg));
  });

  it('never splits a timestamp group, so paging back and forth loses and repeats nothing', () => {
    // Big tie groups make every page boundary and every eviction fall on shared timestamps.
    const log: LogEntry[] = [];
    for (let i = 0; i < 120; i++) log.push(entry(1000 + Math.floor(i / 4) * 10, `line ${i}`));
    const budget = 9;
    const batch = 5;
    let w = replaceWithNewest(createLogWindow({ maxLines: budget }), serverPage(log, batch, true), batch);
    const seen = new Set(texts(w));
    while (!w.reachedStart) {
      w = prependOlder(w, serverPage(log, batch, true, olderPageFrom(w)), batch);
      const t = texts(w);
      expect(new Set(t).size).toBe(t.length);
      for (const text of t) seen.add(text);
      // Every timestamp in the window is complete.
      for (const ts of new Set(w.lines.map((l) => l.timestamp))) {
        expect(w.lines.filter((l) => l.timestamp === ts)).toHaveLength(log.filter((e) => e.timestamp === ts).length);
      }
    }
    expect(seen.size).toBe(log.length);
    expect(texts(w)[0]).toBe('line 0');

    // And forward again to the live end, in order, without gaps.
    const forward: string[] = [...texts(w)];
    while (!w.atLiveEnd) {
      const before = new Set(texts(w));
      w = appendNewer(w, serverPage(log, batch, false, newerPageFrom(w)), batch);
      for (const text of texts(w)) if (!before.has(text)) forward.push(text);
    }
    expect(forward).toEqual(log.map((e) => e.msg));
  });

  it('drops events a server sends again at the boundary, one for one', () => {
    const log = makeLog(10);
    let w = replaceWithNewest(createLogWindow({ maxLines: 100 }), serverPage(log, 4, true), 4);
    const boundary = olderPageFrom(w) as number;
    // A server treating from_timestamp as inclusive re-sends the boundary events.
    const inclusive = log
      .filter((e) => e.timestamp <= boundary)
      .reverse()
      .slice(0, 6);
    w = prependOlder(w, inclusive, 6);
    expect(texts(w)).toEqual(log.map((e) => e.msg).slice(-texts(w).length));
    expect(new Set(texts(w)).size).toBe(texts(w).length);
  });

  it('keeps identical events that are genuinely repeated', () => {
    const page = [entry(5, 'tick'), entry(5, 'tick'), entry(5, 'tick')];
    const w = replaceWithNewest(createLogWindow({ maxLines: 100 }), page, 10);
    expect(texts(w)).toEqual(['tick', 'tick', 'tick']);
    const again = appendNewer(w, [entry(5, 'tick'), entry(5, 'tick'), entry(5, 'tick'), entry(5, 'tick')], 10);
    expect(texts(again)).toEqual(['tick', 'tick', 'tick', 'tick']);
  });

  it('does not change the window it was given', () => {
    const log = makeLog(10);
    const w = replaceWithNewest(createLogWindow({ maxLines: 100 }), serverPage(log, 4, true), 4);
    const snapshot = texts(w);
    prependOlder(w, serverPage(log, 4, true, olderPageFrom(w)), 4);
    appendNewer(w, [entry(99_999, 'new')], 4);
    expect(texts(w)).toEqual(snapshot);
  });

  it('keeps line ids stable across updates', () => {
    const log = makeLog(20);
    const w = replaceWithNewest(createLogWindow({ maxLines: 100 }), serverPage(log, 5, true), 5);
    const id = w.lines[2]?.id as number;
    const text = w.lines[2]?.text;
    const older = prependOlder(w, serverPage(log, 5, true, olderPageFrom(w)), 5);
    expect(older.lines[indexOfLine(older, id)]?.text).toBe(text);
    expect(new Set(older.lines.map((l) => l.id)).size).toBe(older.lines.length);
  });
});

describe('search', () => {
  const query = (q: string): LogMatcher => {
    const compiled = compileLogQuery(q);
    if (!compiled.ok) throw new Error(compiled.error);
    return compiled.test;
  };

  it('matches case-insensitive substrings and /regex/', () => {
    expect(query('LOSS')('epoch 1 loss=0.3')).toBe(true);
    expect(query('/loss=0\\.\\d+/')('epoch 1 LOSS=0.3')).toBe(true);
    expect(query('/^epoch \\d$/')('epoch 12')).toBe(false);
    expect(query('/Loss/s')('loss')).toBe(false);
  });

  it('reports an invalid regex or an empty query', () => {
    expect(compileLogQuery('/(/').ok).toBe(false);
    expect(compileLogQuery('').ok).toBe(false);
  });

  it('treats a lone slash as a substring', () => {
    expect(query('/')('a/b')).toBe(true);
  });

  it('finds the next and previous matching line from a position', () => {
    const log = ['start', 'x', 'match one', 'y', 'match two', 'z'].map((m, i) => entry(i + 1, m));
    const w = replaceWithNewest(createLogWindow({ maxLines: 100 }), log, 100);
    const test = query('match');
    expect(searchLog(w, test, -1, 'next')).toMatchObject({ kind: 'found', index: 2 });
    expect(searchLog(w, test, 2, 'next')).toMatchObject({ kind: 'found', index: 4 });
    expect(searchLog(w, test, 4, 'next')).toEqual({ kind: 'not-found' });
    expect(searchLog(w, test, 4, 'previous')).toMatchObject({ kind: 'found', index: 2 });
    expect(searchLog(w, test, w.lines.length, 'previous')).toMatchObject({ kind: 'found', index: 4 });
    expect(searchLog(w, test, 2, 'previous')).toEqual({ kind: 'not-found' });
  });

  it('searches the text without colours', () => {
    const w = replaceWithNewest(createLogWindow({ maxLines: 10, color: true }), [entry(1, 'a\u001b[31mbc')], 10);
    expect(searchLog(w, query('abc'), -1, 'next')).toMatchObject({ kind: 'found', index: 0 });
  });

  it('asks for older pages until the match is found', () => {
    const log = makeLog(60);
    log[3] = entry(log[3]?.timestamp as number, 'the needle');
    let w = replaceWithNewest(createLogWindow({ maxLines: 20 }), serverPage(log, 10, true), 10);
    const test = query('needle');
    let result = searchLog(w, test, w.lines.length, 'previous');
    let fetches = 0;
    while (result.kind === 'need-older') {
      w = prependOlder(w, serverPage(log, 10, true, olderPageFrom(w)), 10);
      result = resumeSearch(w, test, result.resumeFromId, 'previous');
      fetches++;
    }
    expect(result.kind).toBe('found');
    expect(fetches).toBeGreaterThan(0);
    if (result.kind === 'found') expect(w.lines[result.index]?.text).toBe('the needle');
  });

  it('reports not found once the start of the log was searched', () => {
    const log = makeLog(30);
    let w = replaceWithNewest(createLogWindow({ maxLines: 20 }), serverPage(log, 10, true), 10);
    const test = query('absent');
    let result = searchLog(w, test, w.lines.length, 'previous');
    while (result.kind === 'need-older') {
      w = prependOlder(w, serverPage(log, 10, true, olderPageFrom(w)), 10);
      result = resumeSearch(w, test, result.resumeFromId, 'previous');
    }
    expect(result).toEqual({ kind: 'not-found' });
    expect(w.reachedStart).toBe(true);
  });

  it('asks for newer pages when searching down from a window that left the live end', () => {
    const log = makeLog(60);
    log[55] = entry(log[55]?.timestamp as number, 'late needle');
    let w = replaceWithNewest(createLogWindow({ maxLines: 100 }), serverPage(log.slice(0, 20), 10, true), 10);
    w = { ...w, atLiveEnd: false };
    const test = query('needle');
    let result = searchLog(w, test, -1, 'next');
    while (result.kind === 'need-newer') {
      w = appendNewer(w, serverPage(log, 10, false, newerPageFrom(w)), 10);
      result = resumeSearch(w, test, result.resumeFromId, 'next');
    }
    expect(result.kind).toBe('found');
    if (result.kind === 'found') expect(w.lines[result.index]?.text).toBe('late needle');
  });

  it('resumes over the whole window when the resume line was evicted', () => {
    const w = replaceWithNewest(createLogWindow({ maxLines: 100 }), [entry(1, 'hit'), entry(2, 'other')], 10);
    expect(resumeSearch(w, query('hit'), -12345, 'previous')).toMatchObject({ kind: 'found', index: 0 });
    expect(resumeSearch(w, query('other'), -12345, 'next')).toMatchObject({ kind: 'found', index: 1 });
  });
});

describe('levels', () => {
  it('maps levels to colour classes', () => {
    expect(['error', 'critical', 'fatal', 'ERROR'].map(logLevelClass)).toEqual(['error', 'error', 'error', 'error']);
    expect(['warn', 'warning', 'Warning'].map(logLevelClass)).toEqual(['warn', 'warn', 'warn']);
    expect(['debug', 'verbose'].map(logLevelClass)).toEqual(['debug', 'debug']);
    expect(['info', 'notset', '', 'custom', undefined].map(logLevelClass)).toEqual([
      'info',
      'info',
      'info',
      'info',
      'info',
    ]);
  });

  it('draws errors red, warnings yellow, debug dim and info plain', () => {
    expect(LOG_LEVEL_STYLES.error.color).toBe('red');
    expect(LOG_LEVEL_STYLES.warn.color).toBe('yellow');
    expect(LOG_LEVEL_STYLES.debug.dimColor).toBe(true);
    expect(LOG_LEVEL_STYLES.info).toEqual({});
  });
});
