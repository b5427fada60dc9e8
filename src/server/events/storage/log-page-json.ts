// The fast path of a get_task_log page: SQLite writes the events' JSON and concatenates the
// page, so JavaScript handles one buffer instead of thousands of rows, objects and strings.
// The text is field for field what logDoc gives (docs/wire-facts.md §3.6) for the usual log row, plus
// the log's `seq` (its place among logs sharing its timestamp, the paging tie-breaker): an
// iteration, a level, a message, integer times and no unknown fields. A page holding any
// other row is left to the caller's general path.
import type { Db } from '../../db/db.js';
import { NO_ITER_PARAM } from './event-types.js';
import { pluckStmt, rawStmt } from './prepared.js';
import type { SeriesRow } from './series.js';
import { writtenText } from './stored-event.js';

/** A range of one owner's logs: SQL conditions on log_events `l` and their parameters. */
export interface LogRange {
  where: string;
  params: unknown[];
  /** Newest first. */
  descending: boolean;
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

const EVENT_FORMAT =
  '{"task":%s,"type":"log","iter":%d,"metric":%s,"variant":%s,"timestamp":%d,"worker":%s,' +
  '"model_event":%s,"@timestamp":"%s","level":%s,"msg":%s,"seq":%d}';

/** The write time, epoch ms. */
const WRITTEN = '(l.timestamp + l.written_after)';
const DAY_MS = 86_400_000;
/** The first day writtenText gives with a 5-digit year. */
const DAY_OF_YEAR_10000 = 2_932_897;

/**
 * `@timestamp` of a row written on the page's usual day (`@day`, whose date is `@date`): the
 * time of day from integer arithmetic, in the format itself. A JavaScript call a row costs
 * more than the rest of the row's text; the other rows still take it.
 */
const FAST_FORMAT = EVENT_FORMAT.replace('"@timestamp":"%s"', '"@timestamp":"%sT%02d:%02d:%02d.%03dZ"');
const ON_USUAL_DAY = `${WRITTEN} >= 0 AND ${WRITTEN} / ${DAY_MS} = @day`;
const TIME_OF_DAY = `@date, ${WRITTEN} / 3600000 % 24, ${WRITTEN} / 60000 % 60, ${WRITTEN} / 1000 % 60, ${WRITTEN} % 1000`;

/** The format() call of an event; the series' fields are given as SQL (JSON text). */
function eventJson(series: { owner: string; metric: string; variant: string; modelEvent: string }): string {
  const args = (written: string) => `${series.owner}, l.iter, ${series.metric}, ${series.variant}, l.timestamp,
    json_quote(w.text), ${series.modelEvent}, ${written}, json_quote(lv.text), json_quote(l.msg), l.seq`;
  return `CASE WHEN ${ON_USUAL_DAY} THEN format('${FAST_FORMAT}', ${args(TIME_OF_DAY)})
    ELSE format('${EVENT_FORMAT}', ${args(`tracktop_written_text(${WRITTEN})`)}) END`;
}

/** Any series: a subquery on event_series `s`, one primary-key lookup a row. */
const EVENT_OF_ROW_SERIES = `(SELECT ${eventJson({
  owner: 'json_quote(s.owner)',
  metric: 'json_quote(s.metric)',
  variant: 'json_quote(s.variant)',
  modelEvent: "iif(s.model_event = 1, 'true', 'false')",
})} FROM event_series s WHERE s.id = l.series)`;

/** One series known beforehand (a task's log usually is one): its fields are parameters. */
const EVENT_OF_ONE_SERIES = eventJson({
  owner: '@owner',
  metric: '@metric',
  variant: '@variant',
  modelEvent: '@model',
});

/** JSON text never holds a raw control character: this one marks a row left to the general path. */
const NOT_PLAIN = 1;

/**
 * The page's events, comma-separated JSON (UTF-8; a JSON array without its brackets), and
 * their count; undefined when a row of the range needs the general path. `series` are those
 * the range can hold.
 */
export function logPageJson(
  db: Db,
  range: LogRange,
  series: readonly SeriesRow[],
): { json: Buffer; count: number } | undefined {
  registerWrittenText(db);
  const one = series.length === 1 ? series[0] : undefined;
  const named: Record<string, unknown> = { noIter: NO_ITER_PARAM, ...usualDay(db, range) };
  let [plain, event] = [PLAIN, EVENT_OF_ROW_SERIES];
  if (one !== undefined) {
    [plain, event] = [`${PLAIN} AND l.series = @series`, EVENT_OF_ONE_SERIES];
    const fields = { owner: one.owner, metric: one.metric, variant: one.variant, model: one.model_event === 1 };
    Object.assign(named, { series: one.id, ...jsonTexts(fields) });
  }
  // The subquery's order is the concatenation's: SQLite drops a FROM subquery's ORDER BY only
  // under no aggregate or count/min/max, never under group_concat; the primary key gives it.
  const [json, count] = rawStmt(
    db,
    `SELECT CAST(group_concat(doc, ',') AS BLOB), count(*) FROM (
       SELECT CASE WHEN ${plain} THEN ${event} ELSE char(${NOT_PLAIN}) END AS doc
       FROM log_events l CROSS JOIN event_strings w ON w.id = l.worker LEFT JOIN event_strings lv ON lv.id = l.level
       WHERE ${range.where} ${rangeOrder(range)})`,
  ).get(...range.params, named) as [Buffer | null, number];
  if (json?.includes(NOT_PLAIN)) return undefined;
  return { json: json ?? Buffer.alloc(0), count };
}

/**
 * The day the range's first log was written on, which most of a page shares, and its date as
 * writtenText writes it; a day no row is on when that date is not the usual 10 characters.
 */
function usualDay(db: Db, range: LogRange): { day: number; date: string } {
  const first = pluckStmt(
    db,
    `SELECT ${WRITTEN} FROM log_events l WHERE ${range.where} ${rangeOrder(range)} LIMIT 1`,
  ).get(...range.params) as number | undefined;
  const day = first === undefined ? -1 : Math.floor(first / DAY_MS);
  if (!Number.isInteger(day) || day < 0 || day >= DAY_OF_YEAR_10000) return { day: -1, date: '' };
  return { day, date: writtenText(day * DAY_MS).slice(0, 'YYYY-MM-DD'.length) };
}

function jsonTexts(fields: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, JSON.stringify(f)]));
}

/** The ORDER BY clause of the range's order on log_events `l`: by time, ties in insertion order. */
export function rangeOrder(range: LogRange): string {
  const dir = range.descending ? 'DESC' : '';
  return `ORDER BY l.timestamp ${dir}, l.seq ${dir}`;
}

/** What one log's JSON holds besides its message and unknown fields (names, ids, times), bytes. */
const LOG_JSON_OVERHEAD_BYTES = 256;
/** A log's JSON size as the page bound counts it, in SQL on log_events `l`. */
const LOG_JSON_SIZE = `ifnull(octet_length(l.msg), 0) + ifnull(octet_length(l.extra), 0) + ${LOG_JSON_OVERHEAD_BYTES}`;

/**
 * The timestamp and seq of the last of the range's first `maxRows` logs (in its order) whose
 * JSON, counted from the first, stays within about `maxBytes` (message and extra fields as
 * stored, plus LOG_JSON_OVERHEAD_BYTES a log); always at least the first log. Undefined when
 * the range is empty. `bytes` is that estimate and `rows` the count of the logs up to it, and
 * `cut` whether the byte bound stopped it before maxRows with logs left in the range. The
 * rows are read one by one and the read stops at the bound, whatever maxRows is.
 */
export function lastLogWithin(
  db: Db,
  range: LogRange,
  maxRows: number,
  maxBytes: number,
): { at: [number, number]; bytes: number; rows: number; cut: boolean } | undefined {
  // Most pages fit the bound whole: one aggregate in SQLite says so, and the page then ends at
  // its last row. Reading every row's size into JavaScript cost as much as building the page.
  const [rows, bytes] = rawStmt(
    db,
    `SELECT count(*), total(size) FROM (SELECT ${LOG_JSON_SIZE} AS size
       FROM log_events l WHERE ${range.where} ${rangeOrder(range)} LIMIT ?)`,
  ).get(...range.params, maxRows) as [number, number];
  if (rows === 0) return undefined;
  const at = bytes <= maxBytes ? nthLog(db, range, rows) : undefined;
  if (at !== undefined) return { at, bytes, rows, cut: false };
  const sizes = rawStmt(
    db,
    `SELECT l.timestamp, l.seq, ${LOG_JSON_SIZE} FROM log_events l WHERE ${range.where} ${rangeOrder(range)} LIMIT ?`,
  ).iterate(...range.params, maxRows) as IterableIterator<[number, number, number]>;
  let last: { at: [number, number]; bytes: number; rows: number; cut: boolean } | undefined;
  for (const [timestamp, seq, size] of sizes) {
    if (last !== undefined && last.bytes + size > maxBytes) {
      last.cut = true;
      break;
    }
    last = { at: [timestamp, seq], bytes: (last?.bytes ?? 0) + size, rows: (last?.rows ?? 0) + 1, cut: false };
  }
  return last;
}

/** The timestamp and seq of the range's `n`-th log in its order (undefined when it holds fewer). */
export function nthLog(db: Db, range: LogRange, n: number): [number, number] | undefined {
  return rawStmt(
    db,
    `SELECT l.timestamp, l.seq FROM log_events l WHERE ${range.where} ${rangeOrder(range)} LIMIT 1 OFFSET ?`,
  ).get(...range.params, n - 1) as [number, number] | undefined;
}

/** The part of the range up to its log at (timestamp, seq), that log included. */
export function rangeThrough(range: LogRange, end: readonly [number, number]): LogRange {
  return {
    ...range,
    where: `${range.where} AND (l.timestamp, l.seq) ${range.descending ? '>=' : '<='} (?, ?)`,
    params: [...range.params, ...end],
  };
}

/** The part of the range after its log at (timestamp, seq). */
export function rangeAfter(range: LogRange, end: readonly [number, number]): LogRange {
  return {
    ...range,
    where: `${range.where} AND (l.timestamp, l.seq) ${range.descending ? '<' : '>'} (?, ?)`,
    params: [...range.params, ...end],
  };
}
