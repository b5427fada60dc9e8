// The fast path of a get_task_log page: SQLite writes the events' JSON and concatenates the
// page, so JavaScript handles one buffer instead of thousands of rows, objects and strings.
// The text is field for field what logDoc gives (REFERENCE §3.6) for the usual log row: an
// iteration, a level, a message, integer times and no unknown fields. A page holding any
// other row is left to the caller's general path.
import type { Db } from '../db.js';
import { NO_ITER_PARAM } from './event-types.js';
import { pluckStmt } from './prepared.js';
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

const PLAIN = `l.extra IS NULL AND l.level IS NOT NULL AND l.msg IS NOT NULL AND l.iter <> ?
  AND typeof(l.iter) = 'integer' AND typeof(l.timestamp) = 'integer' AND typeof(l.written_after) = 'integer'`;

const EVENT_FORMAT =
  '{"task":%s,"type":"log","iter":%d,"metric":%s,"variant":%s,"timestamp":%d,"worker":%s,' +
  '"model_event":%s,"@timestamp":"%s","level":%s,"msg":%s}';

/** The format() call of an event; the series' fields are given as SQL (JSON text). */
function eventJson(series: { owner: string; metric: string; variant: string; modelEvent: string }): string {
  return `format('${EVENT_FORMAT}', ${series.owner}, l.iter, ${series.metric}, ${series.variant}, l.timestamp,
    json_quote(w.text), ${series.modelEvent}, tracktop_written_text(l.timestamp + l.written_after),
    json_quote(lv.text), json_quote(l.msg))`;
}

/** Any series: a subquery on event_series `s`, one primary-key lookup a row. */
const EVENT_OF_ROW_SERIES = `(SELECT ${eventJson({
  owner: 'json_quote(s.owner)',
  metric: 'json_quote(s.metric)',
  variant: 'json_quote(s.variant)',
  modelEvent: "iif(s.model_event = 1, 'true', 'false')",
})} FROM event_series s WHERE s.id = l.series)`;

/** One series known beforehand (a task's log usually is one): its fields are parameters. */
const EVENT_OF_ONE_SERIES = eventJson({ owner: '?', metric: '?', variant: '?', modelEvent: '?' });

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
  const dir = range.descending ? 'DESC' : '';
  const one = series.length === 1 ? series[0] : undefined;
  const [plain, event, params] =
    one === undefined
      ? [PLAIN, EVENT_OF_ROW_SERIES, [NO_ITER_PARAM]]
      : [
          `${PLAIN} AND l.series = ?`,
          EVENT_OF_ONE_SERIES,
          [
            NO_ITER_PARAM,
            one.id,
            ...[one.owner, one.metric, one.variant, one.model_event === 1].map((f) => JSON.stringify(f)),
          ],
        ];
  // The subquery's order is the concatenation's: SQLite drops a FROM subquery's ORDER BY only
  // under no aggregate or count/min/max, never under group_concat; the primary key gives it.
  const json = pluckStmt(
    db,
    `SELECT CAST(group_concat(doc, ',') AS BLOB) FROM (
       SELECT CASE WHEN ${plain} THEN ${event} ELSE char(${NOT_PLAIN}) END AS doc
       FROM log_events l CROSS JOIN event_strings w ON w.id = l.worker LEFT JOIN event_strings lv ON lv.id = l.level
       WHERE ${range.where} ORDER BY l.timestamp ${dir}, l.seq ${dir})`,
  ).get(...params, ...range.params) as Buffer | null;
  if (json?.includes(NOT_PLAIN)) return undefined;
  const count = pluckStmt(db, `SELECT count(*) FROM log_events l WHERE ${range.where}`).get(...range.params) as number;
  return { json: json ?? Buffer.alloc(0), count };
}

/** The timestamp of the range's `n`-th log in its order (undefined when it holds fewer). */
export function nthTimestamp(db: Db, range: LogRange, n: number): number | undefined {
  const dir = range.descending ? 'DESC' : '';
  return pluckStmt(
    db,
    `SELECT l.timestamp FROM log_events l WHERE ${range.where} ORDER BY l.timestamp ${dir}, l.seq ${dir} LIMIT 1 OFFSET ?`,
  ).get(...range.params, n - 1) as number | undefined;
}
