// The fast path of a get_task_log page: SQLite writes the events' JSON and concatenates the
// page, so JavaScript handles one buffer instead of thousands of rows, objects and strings.
// The text is field for field what logDoc gives (docs/wire-facts.md §3.6) for the usual log row, plus
// the log's `seq` (its place among logs sharing its timestamp, the paging tie-breaker): an
// iteration, a level, a message, integer times and no unknown fields. A page holding any
// other row is left to the caller's general path.
import type { Db } from '../../db/db.js';
import { NO_ITER_PARAM } from './event-types.js';
import { stringText } from './log-store.js';
import { rawStmt } from './prepared.js';
import type { SeriesRow } from './series.js';
import { writtenText } from './stored-event.js';

/** A range of one owner's logs: SQL conditions on log_events `l` and their parameters. */
export interface LogRange {
  where: string;
  params: unknown[];
  /** Newest first. */
  descending: boolean;
  /** Only the range's first `limit` logs in its order. */
  limit?: number;
}

/**
 * The range as SQL after `FROM log_events l`: its conditions, its order and its limit (and at
 * most `most` logs), with the parameters they take.
 */
export function rangeSql(range: LogRange, most?: number): { sql: string; params: unknown[] } {
  const dir = range.descending ? 'DESC' : '';
  const limit = Math.min(range.limit ?? Infinity, most ?? Infinity);
  const order = `WHERE ${range.where} ORDER BY l.timestamp ${dir}, l.seq ${dir}`;
  return limit === Infinity
    ? { sql: order, params: range.params }
    : { sql: `${order} LIMIT ?`, params: [...range.params, limit] };
}

const registered = new WeakSet<Db>();

/** `@timestamp` in SQL: the JavaScript formatter, whose one-entry cache suits a page (few write times). */
function registerWrittenText(db: Db): void {
  if (registered.has(db)) return;
  db.function('tracktop_written_text', { deterministic: true }, (ms) => writtenText(ms as number));
  registered.add(db);
}

const PLAIN = `l.extra IS NULL AND l.level IS NOT NULL AND l.msg IS NOT NULL AND l.iter <> @noIter
  AND typeof(l.iter) = 'integer' AND typeof(l.timestamp) = 'integer' AND typeof(l.written_after) = 'integer'`;

/** The write time, epoch ms. */
const WRITTEN = '(l.timestamp + l.written_after)';
const DAY_MS = 86_400_000;
/** The first day writtenText gives with a 5-digit year. */
const DAY_OF_YEAR_10000 = 2_932_897;

/** An event's fields other than the row's own: SQL giving each one's JSON text. */
interface SeriesFields {
  owner: string;
  metric: string;
  variant: string;
  modelEvent: string;
}

/**
 * A string column's JSON text: the page's usual string (its first row's, a parameter) without
 * a lookup, any other one from event_strings.
 */
function stringJson(column: string, usual: string): string {
  return `CASE ${column} WHEN @${usual} THEN @${usual}Json
    ELSE (SELECT json_quote(text) FROM event_strings WHERE id = ${column}) END`;
}

/**
 * The format() call of an event, field for field what logDoc gives. A row written on the
 * page's usual day (`@day`, whose date is `@date`) gets its time of day from integer
 * arithmetic in the format itself; a JavaScript call a row costs more than the rest of its text.
 */
function eventJson(series: SeriesFields): string {
  const format = (written: string) =>
    '{"task":%s,"type":"log","iter":%d,"metric":%s,"variant":%s,"timestamp":%d,"worker":%s,' +
    `"model_event":%s,"@timestamp":"${written}","level":%s,"msg":%s,"seq":%d}`;
  const args = (written: string) =>
    [
      series.owner,
      'l.iter',
      series.metric,
      series.variant,
      'l.timestamp',
      stringJson('l.worker', 'worker'),
      series.modelEvent,
      written,
      stringJson('l.level', 'level'),
      'json_quote(l.msg)',
      'l.seq',
    ].join(', ');
  const timeOfDay = `@date, ${WRITTEN} / 3600000 % 24, ${WRITTEN} / 60000 % 60, ${WRITTEN} / 1000 % 60, ${WRITTEN} % 1000`;
  return `CASE WHEN ${WRITTEN} >= 0 AND ${WRITTEN} / ${DAY_MS} = @day
      THEN format('${format('%sT%02d:%02d:%02d.%03dZ')}', ${args(timeOfDay)})
    ELSE format('${format('%s')}', ${args(`tracktop_written_text(${WRITTEN})`)}) END`;
}

/** Any series: a subquery on event_series `s`, one primary-key lookup a row. */
const EVENT_OF_ROW_SERIES = `(SELECT ${eventJson({
  owner: 'json_quote(s.owner)',
  metric: 'json_quote(s.metric)',
  variant: 'json_quote(s.variant)',
  modelEvent: "iif(s.model_event = 1, 'true', 'false')",
})} FROM event_series s WHERE s.id = l.series)`;

/**
 * One series known beforehand (a task's log usually is one): its fields' JSON texts are
 * parameters, so every series' pages share one prepared statement.
 */
const EVENT_OF_ONE_SERIES = eventJson({
  owner: '@owner',
  metric: '@metric',
  variant: '@variant',
  modelEvent: '@model',
});

/** JSON text never holds a raw control character: this one marks a row left to the general path. */
const NOT_PLAIN = 1;

/** A page's events as comma-separated JSON (a JSON array without its brackets). */
export interface LogPageJson {
  json: Buffer;
  count: number;
  /** The timestamp and seq of its last event (undefined when it has none). */
  last: [number, number] | undefined;
}

/**
 * The page's events, comma-separated JSON (UTF-8; a JSON array without its brackets), and
 * their count; undefined when a row of the range needs the general path. `series` are those
 * the range can hold.
 */
export function logPageJson(db: Db, range: LogRange, series: readonly SeriesRow[]): LogPageJson | undefined {
  registerWrittenText(db);
  const one = series.length === 1 ? series[0] : undefined;
  const named: Record<string, unknown> = { noIter: NO_ITER_PARAM, ...pageUsuals(db, range) };
  let [plain, event] = [PLAIN, EVENT_OF_ROW_SERIES];
  if (one !== undefined) {
    [plain, event] = [`${PLAIN} AND l.series = @series`, EVENT_OF_ONE_SERIES];
    Object.assign(named, {
      series: one.id,
      owner: JSON.stringify(one.owner),
      metric: JSON.stringify(one.metric),
      variant: JSON.stringify(one.variant),
      model: JSON.stringify(one.model_event === 1),
    });
  }
  // The subquery's order is the concatenation's: SQLite drops a FROM subquery's ORDER BY only
  // under no aggregate or count/min/max, never under group_concat; the primary key gives it.
  const rows = rangeSql(range);
  const [json, count] = rawStmt(
    db,
    `SELECT CAST(group_concat(doc, ',') AS BLOB), count(*) FROM (
       SELECT CASE WHEN ${plain} THEN ${event} ELSE char(${NOT_PLAIN}) END AS doc
       FROM log_events l ${rows.sql})`,
  ).get(...rows.params, named) as [Buffer | null, number];
  if (json?.includes(NOT_PLAIN)) return undefined;
  const text = json ?? Buffer.alloc(0);
  return { json: text, count, last: lastPlace(text) };
}

const TIMESTAMP_KEY = Buffer.from('"timestamp":');
const SEQ_KEY = Buffer.from('"seq":');

/**
 * The timestamp and seq of the last event of the fast path's text, read from its end: each
 * event ends `"seq":N}`, and its own `"timestamp":` is the last one (inside a JSON string every
 * quote is escaped, so no message reads like it).
 */
function lastPlace(json: Buffer): [number, number] | undefined {
  const seqAt = json.lastIndexOf(SEQ_KEY);
  const timestampAt = json.lastIndexOf(TIMESTAMP_KEY, seqAt);
  if (seqAt === -1 || timestampAt === -1) return undefined;
  const numberAt = (at: number) => Number.parseInt(json.toString('latin1', at, at + 24), 10);
  return [numberAt(timestampAt + TIMESTAMP_KEY.length), numberAt(seqAt + SEQ_KEY.length)];
}

/**
 * What most of the page shares, from its first log: the day it was written on and that date as
 * writtenText writes it (a day no row is on when the date is not the usual 10 characters), its
 * worker and its level, with their JSON text.
 */
function pageUsuals(db: Db, range: LogRange): Record<string, unknown> {
  // LIMIT 1 written out: SQLite plans a bound LIMIT as if it could be large (5 times slower here).
  const all = rangeSql({ ...range, limit: undefined });
  const row = rawStmt(db, `SELECT ${WRITTEN}, l.worker, l.level FROM log_events l ${all.sql} LIMIT 1`).get(
    ...all.params,
  ) as [number, number, number | null] | undefined;
  const [written, worker, level] = row ?? [-1, -1, null];
  const strings = {
    worker,
    workerJson: row === undefined ? null : JSON.stringify(stringText(db, worker)),
    level: level ?? -1,
    levelJson: level === null ? null : JSON.stringify(stringText(db, level)),
  };
  const day = Math.floor(written / DAY_MS);
  if (!Number.isInteger(day) || day < 0 || day >= DAY_OF_YEAR_10000) return { ...strings, day: -1, date: '' };
  return { ...strings, day, date: writtenText(day * DAY_MS).slice(0, 'YYYY-MM-DD'.length) };
}

/** What one log's JSON holds besides its message and unknown fields (names, ids, times), bytes. */
const LOG_JSON_OVERHEAD_BYTES = 256;
/** A log's JSON size as the page bound counts it, in SQL on log_events `l`. */
const LOG_JSON_SIZE = `ifnull(octet_length(l.msg), 0) + ifnull(octet_length(l.extra), 0) + ${LOG_JSON_OVERHEAD_BYTES}`;

/** How many logs a page holds, and what its bound counted. */
export interface PageExtent {
  /** The page is the range's first `rows` logs. */
  rows: number;
  /** Their JSON's size as the bound counts it. */
  bytes: number;
  /** The byte bound stopped the page before maxRows with logs left in the range. */
  cut: boolean;
}

/**
 * How many of the range's first `maxRows` logs (in its order) make a page whose JSON, counted
 * from the first, stays within about `maxBytes` (message and extra fields as stored, plus
 * LOG_JSON_OVERHEAD_BYTES a log); always at least the first log. Undefined when the range is
 * empty. The rows are read one by one and the read stops at the bound, whatever maxRows is.
 */
export function pageExtent(db: Db, range: LogRange, maxRows: number, maxBytes: number): PageExtent | undefined {
  // Most pages fit the bound whole: one aggregate in SQLite says so. Reading every row's size
  // into JavaScript cost as much as building the page.
  const first = rangeSql(range, maxRows);
  const [rows, bytes] = rawStmt(
    db,
    `SELECT count(*), total(size) FROM (SELECT ${LOG_JSON_SIZE} AS size FROM log_events l ${first.sql})`,
  ).get(...first.params) as [number, number];
  if (rows === 0) return undefined;
  if (bytes <= maxBytes) return { rows, bytes, cut: false };
  const sizes = rawStmt(db, `SELECT ${LOG_JSON_SIZE} FROM log_events l ${first.sql}`).iterate(
    ...first.params,
  ) as IterableIterator<[number]>;
  const extent: PageExtent = { rows: 0, bytes: 0, cut: false };
  for (const [size] of sizes) {
    if (extent.rows > 0 && extent.bytes + size > maxBytes) {
      extent.cut = true;
      break;
    }
    extent.rows += 1;
    extent.bytes += size;
  }
  return extent;
}

/** The timestamp and seq of the range's `n`-th log in its order (undefined when it holds fewer). */
export function nthLog(db: Db, range: LogRange, n: number): [number, number] | undefined {
  if (range.limit !== undefined && n > range.limit) return undefined;
  const all = rangeSql({ ...range, limit: undefined });
  return rawStmt(db, `SELECT l.timestamp, l.seq FROM log_events l ${all.sql} LIMIT 1 OFFSET ?`).get(
    ...all.params,
    n - 1,
  ) as [number, number] | undefined;
}

/** The part of the range up to its log at (timestamp, seq), that log included. */
export function rangeThrough(range: LogRange, end: readonly [number, number]): LogRange {
  return {
    ...range,
    where: `${range.where} AND (l.timestamp, l.seq) ${range.descending ? '>=' : '<='} (?, ?)`,
    params: [...range.params, ...end],
  };
}

/** The part of the range after its log at (timestamp, seq), however many logs its limit took. */
export function rangeAfter(range: LogRange, end: readonly [number, number]): LogRange {
  return {
    where: `${range.where} AND (l.timestamp, l.seq) ${range.descending ? '<' : '>'} (?, ?)`,
    params: [...range.params, ...end],
    descending: range.descending,
  };
}
