// Task logs (docs/wire-facts.md §5, §6.4): get_task_log navigation by timestamp, download_task_log and
// clear_task_log.
import {
  type ClearTaskLogRequest,
  DEFAULT_LOG_LINE_FORMAT,
  type DeletedCountResponse,
  type DownloadTaskLogRequest,
  type GetTaskLogRequest,
  type LogEvent,
} from '../../../wire/events.js';
import { ERRORS } from '../../../wire/errors.js';
import { JsonBytes, JsonStream, RawResponse } from '../../handlers/handler-types.js';
import type { Db } from '../../db/db.js';
import { ServerError } from '../../http/errors.js';
import { stmt } from '../../db/statements.js';
import { handler, type ServedHandlersOf } from '../../handlers/handler.js';
import { requestShape, v } from '../../http/validate.js';
import { LOG, NO_ITER } from '../storage/event-types.js';
import { LOG_OWNER, LOG_ROW_COLUMNS, stringText } from '../storage/log-store.js';
import { rebuildIterationSpans } from '../storage/log-iterations.js';
import type { LogRow } from '../storage/event-sources.js';
import { matchesMetrics, metricsFilterRule } from './metrics-filter.js';
import { deletableOwner, readableOwner } from '../storage/owners.js';
import { seriesOfType, type SeriesRow } from '../storage/series.js';
import { logDoc, writtenText } from '../storage/stored-event.js';
import { pluckStmt, rawStmt } from '../storage/prepared.js';
import {
  type LogPageJson,
  type LogRange,
  logPageJson,
  nthLog,
  pageExtent,
  rangeAfter,
  rangeSql,
  rangeThrough,
} from '../storage/log-page-json.js';
import {
  LOG_DEFAULT_BATCH,
  LOG_MAX_BATCH,
  LOG_TOTAL_CAP,
  DOWNLOAD_CHUNK,
  LOG_PAGE_MAX_BYTES,
  LOG_STREAM_ABOVE_BYTES,
  LOG_PIECE_BYTES,
} from '../storage/limits.js';

/** The columns of a page row, as stored: worker and level are event_strings ids. */
const PAGE_COLUMNS = 'seq, series, iter, timestamp, written_after, worker, level, msg, extra';
type PageRow = [number, number, number, number, number, number, number | null, string | null, string | null];

function toDoc(series: Map<number, SeriesRow>, r: LogRow): LogEvent {
  return logDoc(series.get(r.series) as SeriesRow, r.iter, r.timestamp, r.written, r.worker, r.level, r.msg, r.extra);
}

function logSeriesMap(db: Db, owner: string): Map<number, SeriesRow> {
  return new Map(seriesOfType(db, owner, LOG).map((s) => [s.id, s]));
}

const GET_TASK_LOG_SHAPE = requestShape<GetTaskLogRequest>()({
  task: v.str(),
  batch_size: v.int({ min: 1 }).default(LOG_DEFAULT_BATCH),
  navigate_earlier: v.bool().default(true),
  from_timestamp: v.num().opt(),
  from_seq: v.int({ min: 0 }).opt(),
  order: v.oneOf(['asc', 'desc'] as const).opt(),
  metrics: metricsFilterRule.opt(),
});

export const getTaskLog = handler(GET_TASK_LOG_SHAPE, (req, ctx): JsonBytes | JsonStream => {
  readableOwner(ctx, req.task, false);
  const db = ctx.db;
  const series = logSeriesMap(db, req.task);
  const filtered = req.metrics !== undefined && req.metrics.length > 0;
  const shown = [...series.values()].filter((s) => !filtered || matchesMetrics(req.metrics, s.metric, s.variant));
  const ids = filtered ? JSON.stringify(shown.map((s) => s.id)) : undefined;
  const seriesCond = filtered ? ' AND l.series IN (SELECT value FROM json_each(?))' : '';
  const base: unknown[] = filtered ? [req.task, ids] : [req.task];
  const owned = `l.owner = ${LOG_OWNER}${seriesCond}`;
  const total = pluckStmt(db, `SELECT count(*) FROM (SELECT 1 FROM log_events l WHERE ${owned} LIMIT ?)`).get(
    ...base,
    LOG_TOTAL_CAP,
  ) as number;

  const earlier = req.navigate_earlier;
  const from = req.from_timestamp !== undefined && req.from_timestamp !== 0 ? req.from_timestamp : undefined;
  const towards = earlier ? '<' : '>';
  // From (timestamp, seq) when the client names the last log it holds at from_timestamp; from
  // past every log at from_timestamp otherwise (what real servers do, docs/wire-facts.md §6.4).
  const after: LogRange =
    from === undefined
      ? { where: owned, params: base, descending: earlier }
      : req.from_seq === undefined
        ? { where: `${owned} AND l.timestamp ${towards} ?`, params: [...base, from], descending: earlier }
        : {
            where: `${owned} AND (l.timestamp, l.seq) ${towards} (?, ?)`,
            params: [...base, from, req.from_seq],
            descending: earlier,
          };
  // The page is the first batch_size logs after `from`, ordered by (timestamp, seq), and no
  // more of them than fit in LOG_PAGE_MAX_BYTES: logs sharing a timestamp may be split across
  // pages, so a page never grows past batch_size (real servers add the rest of the last
  // timestamp's logs, however many). Each event carries its seq, so a client continues inside
  // the timestamp with from_seq.
  const extent = pageExtent(db, after, Math.min(req.batch_size, LOG_MAX_BATCH), LOG_PAGE_MAX_BYTES);
  const descending = req.order === undefined ? earlier : req.order === 'desc';
  // In the other order, the same logs are those up to the page's last one.
  const page: LogRange =
    extent === undefined
      ? { ...after, descending }
      : descending === earlier
        ? { ...after, limit: extent.rows }
        : { ...rangeThrough(after, nthLog(db, after, extent.rows) as [number, number]), descending };
  // A page the byte bound cut says so: clients take a page shorter than batch_size as the last.
  const tail = `,"total":${total}${extent?.cut === true ? ',"more":true' : ''}}`;
  if (extent !== undefined && extent.bytes > LOG_STREAM_ABOVE_BYTES) {
    // As many logs a piece as make LOG_PIECE_BYTES at the page's mean size.
    const pieceRows = Math.max(1, Math.floor((LOG_PIECE_BYTES * extent.rows) / extent.bytes));
    return new JsonStream(streamedPage(page, pieceRows, (range) => pageJson(db, range, shown, series), tail));
  }
  const { json, count } = pageJson(db, page, shown, series);
  return new JsonBytes('{"events":[', json, `],"returned":${count}${tail}`);
});

/** The range's events as comma-separated JSON (a JSON array without its brackets) and their count. */
function pageJson(db: Db, range: LogRange, shown: readonly SeriesRow[], series: Map<number, SeriesRow>): LogPageJson {
  const fast = logPageJson(db, range, shown);
  if (fast !== undefined) return fast;
  const all = rangeSql(range);
  const rows = rawStmt(db, `SELECT ${PAGE_COLUMNS} FROM log_events l ${all.sql}`).all(...all.params) as PageRow[];
  const last = rows.at(-1);
  return {
    json: Buffer.from(JSON.stringify(pageEvents(db, series, rows)).slice(1, -1)),
    count: rows.length,
    last: last === undefined ? undefined : [last[3], last[0]],
  };
}

/**
 * A large page's `data`, `pieceRows` logs at a time, each piece read when the socket has taken
 * the one before, and the next going on after its last log. `returned` comes after the events,
 * so it counts what was sent; `tail` is the rest of the object.
 */
function* streamedPage(
  page: LogRange,
  pieceRows: number,
  json: (range: LogRange) => LogPageJson,
  tail: string,
): Generator<Buffer | string> {
  yield '{"events":[';
  let returned = 0;
  let rest = page;
  for (let left = page.limit ?? Infinity; left > 0;) {
    const asked = Math.min(pieceRows, left);
    const piece = json({ ...rest, limit: asked });
    if (piece.count > 0) {
      if (returned > 0) yield ',';
      yield piece.json;
      returned += piece.count;
      left -= piece.count;
    }
    // A piece short of what it asked for is the range's end.
    if (piece.count < asked || piece.last === undefined) break;
    rest = rangeAfter(page, piece.last);
  }
  yield `],"returned":${returned}${tail}`;
}

/**
 * The events of a page, field for field what logDoc gives (docs/wire-facts.md §3.6). The usual row (an
 * iteration, a level and a message, no unknown fields) becomes one object literal of a fixed
 * shape, which V8 creates and serialises much faster than logDoc's field-by-field object.
 */
function pageEvents(db: Db, series: Map<number, SeriesRow>, rows: PageRow[]): unknown[] {
  const events = new Array<unknown>(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const [seq, sid, iter, timestamp, writtenAfter, workerId, levelId, msg, extra] = rows[i] as PageRow;
    const s = series.get(sid) as SeriesRow;
    const worker = stringText(db, workerId);
    const level = levelId === null ? null : stringText(db, levelId);
    const written = timestamp + writtenAfter;
    events[i] =
      extra === null && iter !== NO_ITER && level !== null && msg !== null
        ? {
            task: s.owner,
            type: 'log',
            iter,
            metric: s.metric,
            variant: s.variant,
            timestamp,
            worker,
            model_event: s.model_event === 1,
            '@timestamp': writtenText(written),
            level,
            msg,
            seq,
          }
        : { ...logDoc(s, iter, timestamp, written, worker, level, msg, extra), seq };
  }
  return events;
}

// ---- download_task_log ---------------------------------------------------------------------

const LINE_FIELDS = new Set(['asctime', 'level', 'worker', 'msg']);
type LinePart = string | { field: string };

/** Parses a `{placeholder}` line format (`{{` and `}}` are literal braces). */
function parseLineFormat(format: string): LinePart[] {
  const parts: LinePart[] = [];
  let text = '';
  for (let i = 0; i < format.length; i++) {
    const c = format[i];
    const next = format[i + 1];
    if ((c === '{' && next === '{') || (c === '}' && next === '}')) {
      text += c;
      i++;
      continue;
    }
    if (c === '}') throw new ServerError(ERRORS.fieldsValueError, "single '}' in line_format", { line_format: format });
    if (c !== '{') {
      text += c;
      continue;
    }
    const close = format.indexOf('}', i + 1);
    if (close < 0)
      throw new ServerError(ERRORS.fieldsValueError, "unclosed '{' in line_format", { line_format: format });
    const name = format.slice(i + 1, close);
    if (!LINE_FIELDS.has(name))
      throw new ServerError(
        ERRORS.fieldsValueError,
        `unknown placeholder {${name}} in line_format; use asctime, level, worker, msg`,
        { line_format: format },
      );
    if (text !== '') parts.push(text);
    text = '';
    parts.push({ field: name });
    i = close;
  }
  if (text !== '') parts.push(text);
  return parts;
}

function textLine(parts: LinePart[], e: LogEvent): string {
  let line = '';
  for (const p of parts) {
    if (typeof p === 'string') line += p;
    else {
      const value = p.field === 'asctime' ? e.timestamp : e[p.field];
      line += value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
    }
  }
  return `${line}\n`;
}

function jsonLine(e: LogEvent): string {
  const out: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(e)) {
    if (k === 'type' || k === 'task') continue;
    out[k === 'timestamp' ? 'asctime' : k] = val;
  }
  return `${JSON.stringify(out)}\n`;
}

function* logLines(db: Db, owner: string, line: (e: LogEvent) => string): Generator<string> {
  const series = logSeriesMap(db, owner);
  let after: LogRow | undefined;
  for (;;) {
    const rows = (
      after === undefined
        ? stmt(
            db,
            `SELECT ${LOG_ROW_COLUMNS} FROM log_events WHERE owner = ${LOG_OWNER} ORDER BY timestamp, seq LIMIT ?`,
          ).all(owner, DOWNLOAD_CHUNK)
        : stmt(
            db,
            `SELECT ${LOG_ROW_COLUMNS} FROM log_events WHERE owner = ${LOG_OWNER} AND (timestamp, seq) > (?, ?)
             ORDER BY timestamp, seq LIMIT ?`,
          ).all(owner, after.timestamp, after.seq, DOWNLOAD_CHUNK)
    ) as LogRow[];
    if (rows.length === 0) return;
    let chunk = '';
    for (const r of rows) chunk += line(toDoc(series, r));
    yield chunk;
    after = rows[rows.length - 1];
    if (rows.length < DOWNLOAD_CHUNK) return;
  }
}

export const downloadTaskLog = handler(
  requestShape<DownloadTaskLogRequest>()({
    task: v.str(),
    line_type: v.oneOf(['json', 'text'] as const).default('json'),
    line_format: v.str().default(DEFAULT_LOG_LINE_FORMAT),
  }),
  (req, ctx): RawResponse => {
    let line: (e: LogEvent) => string = jsonLine;
    if (req.line_type === 'text') {
      if (req.line_format === '')
        throw new ServerError(ERRORS.missingRequiredFields, 'line_format is required for text logs', {
          field: 'line_format',
        });
      const parts = parseLineFormat(req.line_format);
      line = (e) => textLine(parts, e);
    }
    readableOwner(ctx, req.task, false);
    return new RawResponse(logLines(ctx.db, req.task, line), {
      'content-type': 'text/plain; charset=utf-8',
      'content-disposition': `attachment; filename=task_${req.task}.log`,
      'cache-control': 'no-store',
    });
  },
);

// ---- clear_task_log ------------------------------------------------------------------------

/** Drops series rows left without events, so metric discovery stops listing them. */
function pruneEmptyLogSeries(db: Db, owner: string, seriesIds: readonly number[]): void {
  for (const id of seriesIds) {
    const left = stmt(db, `SELECT 1 FROM log_events WHERE owner = ${LOG_OWNER} AND series = ? LIMIT 1`).get(owner, id);
    if (left === undefined) stmt(db, 'DELETE FROM event_series WHERE id = ?').run(id);
  }
}

export const clearTaskLog = handler(
  requestShape<ClearTaskLogRequest>()({
    task: v.str(),
    allow_locked: v.bool().default(false),
    include_metrics: v.list(v.str()).opt(),
    exclude_metrics: v.list(v.str()).opt(),
    threshold_sec: v.int({ min: 0 }).opt(),
  }),
  (req, ctx): DeletedCountResponse => {
    deletableOwner(ctx, req.task, false, req.allow_locked);
    const include = req.include_metrics && req.include_metrics.length > 0 ? new Set(req.include_metrics) : undefined;
    const exclude = new Set(req.exclude_metrics ?? []);
    const ids = seriesOfType(ctx.db, req.task, LOG)
      .filter((s) => (include === undefined || include.has(s.metric)) && !exclude.has(s.metric))
      .map((s) => s.id);
    if (ids.length === 0) return { deleted: 0 };
    const threshold =
      req.threshold_sec !== undefined && req.threshold_sec > 0 ? ctx.now() - req.threshold_sec * 1000 : undefined;
    const deleted = ctx.db.transaction(() => {
      const result = stmt(
        ctx.db,
        `DELETE FROM log_events WHERE owner = ${LOG_OWNER} AND series IN (SELECT value FROM json_each(?))${threshold === undefined ? '' : ' AND timestamp < ?'}`,
      ).run(req.task, JSON.stringify(ids), ...(threshold === undefined ? [] : [threshold]));
      pruneEmptyLogSeries(ctx.db, req.task, ids);
      if (result.changes > 0) rebuildIterationSpans(ctx.db, req.task, ids);
      return result.changes;
    })();
    return { deleted };
  },
);

export const logsHandlers: ServedHandlersOf<'events.clear_task_log' | 'events.download_task_log'> = {
  'events.clear_task_log': clearTaskLog,
  'events.download_task_log': downloadTaskLog,
};
