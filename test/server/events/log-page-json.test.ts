// The get_task_log fast path (SQLite writes the page's JSON) against logDoc, the one definition
// of a stored log event (docs/wire-facts.md §3.6): same fields, same order, same values.
import { describe, expect, it } from 'vitest';
import type { Harness } from '../../helpers/events-harness.js';
import { withEventsHarness } from '../../helpers/events-harness.js';
import { add, logLine, range } from '../../helpers/events-seed.js';
import type { LogRow } from '../../../src/server/events/storage/event-sources.js';
import { LOG } from '../../../src/server/events/storage/event-types.js';
import { logPageJson } from '../../../src/server/events/storage/log-page-json.js';
import { LOG_OWNER, LOG_ROW_COLUMNS } from '../../../src/server/events/storage/log-store.js';
import { seriesOfType } from '../../../src/server/events/storage/series.js';
import { logDoc } from '../../../src/server/events/storage/stored-event.js';

const h = withEventsHarness();

/** The task's log as logDoc builds it with each log's seq (a page's tie-breaker), newest first, as JSON text. */
function logDocs(x: Harness, task: string): string {
  const series = new Map(seriesOfType(x.db, task, LOG).map((s) => [s.id, s]));
  const rows = x.db
    .prepare(`SELECT ${LOG_ROW_COLUMNS} FROM log_events WHERE owner = ${LOG_OWNER} ORDER BY timestamp DESC, seq DESC`)
    .all(task) as LogRow[];
  const docs = rows.map((r) => ({
    ...logDoc(series.get(r.series)!, r.iter, r.timestamp, r.written, r.worker, r.level, r.msg, r.extra),
    seq: r.seq,
  }));
  return JSON.stringify(docs);
}

/**
 * The fast path's page of the whole log, newest first, parsed and written back as JSON text;
 * `series` are the ones the page is told it can hold (all of the task's by default).
 */
function fastPage(x: Harness, task: string, series = seriesOfType(x.db, task, LOG)): string | undefined {
  const range = { where: `l.owner = ${LOG_OWNER}`, params: [task], descending: true };
  const page = logPageJson(x.db, range, series);
  return page && JSON.stringify(JSON.parse(`[${page.json.toString('utf8')}]`));
}

const ODD = [
  'quote " and backslash \\ and slash /',
  'controls \u0000 \u0001 \b \f \n \r \t \u001f \u007f end',
  'unicode é ü 中文 😀 \u2028 \u2029 \ufeff',
  '',
  '{"looks":"like json"}',
  ' leading and trailing spaces ',
  // format()'s own specifiers, in a message, a worker and a series' names.
  'percent %d %s %% %',
];

const log = (task: string, i: number, fields: Record<string, unknown> = {}) =>
  logLine(task, i, fields, 1_700_000_000_000);

describe('get_task_log fast path', () => {
  it('writes odd strings, large numbers and odd write times as logDoc does', async () => {
    const t = h.task();
    const events = [
      ...ODD.map((msg, i) => log(t, i, { msg })),
      ...ODD.map((worker, i) => log(t, 10 + i, { worker: `w ${worker}` })),
      ...ODD.map((metric, i) => log(t, 20 + i, { metric: `m ${metric}`, variant: `v ${metric}` })),
      log(t, 2 ** 53 + 2, { timestamp: 1 }),
      log(t, 2 ** 62, { timestamp: 2 }),
      log(t, -(2 ** 62), { timestamp: 3 }),
      log(t, -1, { timestamp: -5 }),
      log(t, 0, { timestamp: 0 }),
      log(t, 7, { timestamp: 8.64e15 }),
      log(t, 8, { level: 'warning' }),
      log(t, 9, { level: 'error', timestamp: 1_700_000_000_000 + 9 }),
    ];
    await add(h, events);
    h.now += 7;
    await add(h, events);
    // Write times the clock of a live server would not give: the epoch, the last valid date.
    const setWritten = h.db.prepare(`UPDATE log_events SET written_after = ? - timestamp WHERE iter = ?`);
    setWritten.run(0, 0);
    setWritten.run(8.64e15, 7);
    // Strings SQLite holds that no HTTP body can carry: a lone surrogate, bytes that are not UTF-8.
    h.db.prepare(`UPDATE log_events SET msg = ? WHERE msg = 'line 8'`).run('lone \ud800 surrogate');
    h.db.prepare(`UPDATE log_events SET msg = CAST(x'61ff62c3' AS TEXT) WHERE msg = 'line 9'`).run();
    expect(seriesOfType(h.db, t, LOG).length).toBeGreaterThan(1);
    const fast = fastPage(h, t);
    expect(fast).toBeDefined();
    expect(fast).toBe(logDocs(h, t));
  });

  it('writes write times on either side of midnight as logDoc does, whichever day the page starts on', async () => {
    const around = [-86_400_001, -1, 0, 1, 999, 1000, 59_999, 3_599_999, 86_399_999, 86_400_000, 86_400_000 * 40];
    // The page's first log (in either order) is written at `first` after `midnight`: its day is
    // the usual one. Midnight at the epoch puts the day before it at negative times.
    const today = Date.UTC(2026, 10, 25);
    for (const [midnight, first] of [
      [today, -1],
      [today, 0],
      [today, 86_399_999],
      [0, 5],
    ] as const) {
      const t = h.task();
      const written = [first, ...around, first];
      await add(
        h,
        written.map((_, i) => log(t, i, { timestamp: midnight + i })),
      );
      const setWritten = h.db.prepare(`UPDATE log_events SET written_after = ? - timestamp WHERE iter = ?`);
      written.forEach((w, i) => setWritten.run(midnight + w, i));
      const all = JSON.parse(logDocs(h, t)) as unknown[];
      for (const descending of [true, false]) {
        const range = { where: `l.owner = ${LOG_OWNER}`, params: [t], descending };
        const page = logPageJson(h.db, range, seriesOfType(h.db, t, LOG));
        expect(page?.count).toBe(written.length);
        const events = JSON.parse(`[${page!.json.toString('utf8')}]`) as unknown[];
        expect(JSON.stringify(events)).toBe(JSON.stringify(descending ? all : [...all].reverse()));
      }
    }
  });

  it('writes the series fields of a one-series log from parameters, and refuses rows of another series', async () => {
    const t = h.task();
    await add(h, [
      ...ODD.map((msg, i) => log(t, i, { msg, metric: ODD[i], variant: 'v "1"' })),
      ...ODD.map((msg, i) => log(t, 10 + i, { msg, metric: ODD[i], variant: 'v "1"', timestamp: 5 + i })),
    ]);
    const all = seriesOfType(h.db, t, LOG);
    for (const one of all) {
      const own = h.db
        .prepare(`SELECT ${LOG_ROW_COLUMNS} FROM log_events WHERE series = ? ORDER BY timestamp DESC, seq DESC`)
        .all(one.id) as LogRow[];
      const expected = own.map((r) => ({
        ...logDoc(one, r.iter, r.timestamp, r.written, r.worker, r.level, r.msg, r.extra),
        seq: r.seq,
      }));
      const range = { where: `l.owner = ${LOG_OWNER} AND l.series = ?`, params: [t, one.id], descending: true };
      const page = logPageJson(h.db, range, [one]);
      expect(page && JSON.stringify(JSON.parse(`[${page.json.toString('utf8')}]`))).toBe(JSON.stringify(expected));
    }
    expect(fastPage(h, t, [all[0]!])).toBeUndefined();
  });

  it('leaves a page to the general path when a row has no iteration, level or message, unknown fields or a fractional time', async () => {
    const cases = [
      { iter: undefined },
      { level: undefined },
      { msg: undefined },
      { extra_field: { nested: [1, 'two'] } },
      { timestamp: 1_700_000_000_000.25 },
    ];
    for (const fields of cases) {
      const t = h.task();
      await add(h, [log(t, 1), log(t, 2, fields), log(t, 3)]);
      expect(fastPage(h, t)).toBeUndefined();
      const page = await h.call('events.get_task_log', { task: t });
      expect(JSON.stringify(page.data.events)).toBe(logDocs(h, t));
    }
  });

  it('answers over HTTP what logDoc gives, in either order and direction, batch_size held in ties', async () => {
    const t = h.task();
    const events = range(30, (i) => log(t, i, { timestamp: 5000 + Math.floor(i / 3), msg: ODD[i % ODD.length] }));
    await add(h, events);
    const all = JSON.parse(logDocs(h, t)) as { timestamp: number }[];
    const newest = await h.call('events.get_task_log', { task: t, batch_size: 7 });
    // 7 logs end inside a timestamp shared by 3: the page ends there all the same.
    expect(newest.data).toMatchObject({ returned: 7, total: 30 });
    expect(JSON.stringify(newest.data.events)).toBe(JSON.stringify(all.slice(0, 7)));
    const ascending = await h.call('events.get_task_log', { task: t, batch_size: 7, order: 'asc' });
    expect(JSON.stringify(ascending.data.events)).toBe(JSON.stringify(all.slice(0, 7).reverse()));
    const forward = await h.call('events.get_task_log', {
      task: t,
      batch_size: 4,
      navigate_earlier: false,
      from_timestamp: 5001,
    });
    const oldestFirst = [...all].reverse();
    expect(JSON.stringify(forward.data.events)).toBe(JSON.stringify(oldestFirst.slice(6, 10)));
    const forwardDesc = await h.call('events.get_task_log', {
      task: t,
      batch_size: 4,
      navigate_earlier: false,
      from_timestamp: 5001,
      order: 'desc',
    });
    expect(JSON.stringify(forwardDesc.data.events)).toBe(JSON.stringify(oldestFirst.slice(6, 10).reverse()));
  });

  it('answers an empty page as an empty list', async () => {
    const t = h.task();
    await add(h, [log(t, 1)]);
    const page = await h.call('events.get_task_log', { task: t, from_timestamp: 1 });
    expect(page.data).toEqual({ events: [], returned: 0, total: 1 });
  });
});
