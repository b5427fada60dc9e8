// Server answers → store rows. Answers come from any server version (or a broken proxy), so
// nothing here trusts their shape: a missing list throws a DataShapeError (shown in the pane),
// a malformed record is skipped, a malformed field becomes its empty value.
import { isObject } from '../../wire/json.js';
import { DataShapeError } from './errors.js';
import type { LogEntry } from '../../text/log-window.js';
import type { RunInfoParam } from '../../text/run-info.js';
import type { DebugImageItem, PlotItem, ReportRow, ScalarSeries, SingleValueRow, TaskRow } from '../types.js';

type Json = Record<string, unknown>;

export { isObject };

export function str(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

function optStr(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

export function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** ISO date string (or epoch ms number) → epoch ms. */
export function toEpochMs(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value === '') return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/** A string as it is, a number or boolean as text, anything else empty (hyperparameter values). */
export function scalarText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** An object's entries sorted by key; none for anything else. */
export function sortedEntries(value: unknown): [string, unknown][] {
  return isObject(value) ? Object.entries(value).sort(([a], [b]) => a.localeCompare(b)) : [];
}

/** A task's `hyperparams` ({section: {name: item}}) as a list by section, then name. */
export function parseHyperparams(value: unknown): RunInfoParam[] {
  const params: RunInfoParam[] = [];
  for (const [section, names] of sortedEntries(value)) {
    for (const [name, item] of sortedEntries(names)) {
      if (!isObject(item)) continue;
      params.push({
        section,
        name,
        value: scalarText(item.value),
        type: scalarText(item.type),
        description: scalarText(item.description),
      });
    }
  }
  return params;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function refName(value: unknown): string | null {
  return isObject(value) ? optStr(value.name) : null;
}

function refId(value: unknown): string | null {
  return isObject(value) ? optStr(value.id) : null;
}

function requireObject(data: unknown, endpoint: string): Json {
  if (!isObject(data)) throw new DataShapeError(endpoint, 'the answer is not an object');
  return data;
}

function requireArray(data: Json, key: string, endpoint: string): unknown[] {
  const value = data[key];
  if (!Array.isArray(value)) throw new DataShapeError(endpoint, `the answer has no "${key}" list`);
  return value;
}

export interface Page<T> {
  rows: T[];
  scrollId: string | null;
}

/** The fields every list row has, tasks and reports alike. */
type ListRowBase = Pick<TaskRow, 'id' | 'name' | 'tags' | 'systemTags' | 'archived' | 'user' | 'lastUpdate'>;

/**
 * One list record → row: the common fields, then the kind's own from `fields`. A record
 * without an id is skipped (null).
 */
function listRow<Fields>(raw: unknown, fields: (record: Json) => Fields): (ListRowBase & Fields) | null {
  if (!isObject(raw)) return null;
  const id = optStr(raw.id);
  if (id === null) return null;
  const systemTags = strings(raw.system_tags);
  const base: ListRowBase = {
    id,
    name: str(raw.name),
    tags: strings(raw.tags),
    systemTags,
    archived: systemTags.includes('archived'),
    user: refName(raw.user),
    lastUpdate: toEpochMs(raw.last_update),
  };
  return { ...base, ...fields(raw) };
}

export function parseTaskRow(raw: unknown): TaskRow | null {
  return listRow(raw, (record) => ({
    status: str(record.status, 'unknown'),
    type: str(record.type),
    project: refName(record.project),
    lastIteration: num(record.last_iteration),
    started: toEpochMs(record.started),
    statusReason: str(record.status_reason),
    statusMessage: str(record.status_message),
    projectId: refId(record.project),
    userId: refId(record.user),
    lastMetrics: lastMetricValues(record.last_metrics),
  }));
}

/** `last_metrics` → value by "<metric hash>.<variant hash>" (only the entries that have one). */
function lastMetricValues(value: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  if (!isObject(value)) return out;
  for (const [metricHash, variants] of Object.entries(value)) {
    if (!isObject(variants)) continue;
    for (const [variantHash, entry] of Object.entries(variants)) {
      const v = isObject(entry) ? num(entry.value) : null;
      if (v !== null) out[`${metricHash}.${variantHash}`] = v;
    }
  }
  return out;
}

/** The rows of a `tasks` list answer (tasks and reports alike), skipping what cannot be a row. */
function parseRowPage<R>(data: unknown, endpoint: string, parseRow: (raw: unknown) => R | null): Page<R> {
  const obj = requireObject(data, endpoint);
  const rows = requireArray(obj, 'tasks', endpoint)
    .map(parseRow)
    .filter((r): r is R => r !== null);
  return { rows, scrollId: optStr(obj.scroll_id) };
}

export function parseTaskPage(data: unknown, endpoint: string): Page<TaskRow> {
  return parseRowPage(data, endpoint, parseTaskRow);
}

/** "team/.reports" → "team"; the root ".reports" → null. */
export function reportProjectName(fullName: string | null): string | null {
  if (fullName === null) return null;
  const stripped = fullName.replace(/(^|\/)\.reports$/, '');
  return stripped === '' ? null : stripped;
}

export function parseReportRow(raw: unknown): ReportRow | null {
  return listRow(raw, (record) => ({
    comment: str(record.comment),
    body: str(record.report),
    status: str(record.status, 'created'),
    projectId: refId(record.project),
    project: reportProjectName(refName(record.project)),
  }));
}

export function parseReportPage(data: unknown, endpoint: string): Page<ReportRow> {
  return parseRowPage(data, endpoint, parseReportRow);
}

/** The id and full name of each project in a `projects.get_all_ex` answer; malformed ones are skipped. */
export function parseProjectNames(data: unknown): { id: string; name: string }[] {
  if (!isObject(data) || !Array.isArray(data.projects)) return [];
  return data.projects.flatMap((p: unknown) =>
    isObject(p) && typeof p.id === 'string' && typeof p.name === 'string' ? [{ id: p.id, name: p.name }] : [],
  );
}

export function parseTags(data: unknown, endpoint: string): string[] {
  return strings(requireArray(requireObject(data, endpoint), 'tags', endpoint));
}

/** Orders rows by these text fields: the first decides, each next one breaks the ties before it. */
export function byText<K extends string>(...keys: K[]): (a: Record<K, string>, b: Record<K, string>) => number {
  return (a, b) => {
    for (const key of keys) {
      if (a[key] !== b[key]) return a[key] < b[key] ? -1 : 1;
    }
    return 0;
  };
}

const byMetricVariant = byText('metric', 'variant');

/**
 * metric → variant → {x, y}. x values may be numbers or ISO strings (key iso_time); both
 * become numbers. Points with a non-numeric x are dropped; a non-numeric y becomes NaN.
 * Points are sorted by x and at most `maxPoints` are kept (the newest).
 */
export function parseHistogram(
  data: unknown,
  endpoint: string,
  maxPoints: number,
): Record<string, Record<string, ScalarSeries>> {
  const obj = requireObject(data, endpoint);
  const out: Record<string, Record<string, ScalarSeries>> = {};
  for (const [metric, variants] of Object.entries(obj)) {
    if (!isObject(variants)) continue;
    for (const [variant, series] of Object.entries(variants)) {
      const parsed = parseSeriesPoints(series, maxPoints);
      if (parsed) (out[metric] ??= {})[variant] = parsed;
    }
  }
  return out;
}

/** Log events as sent (any order); events without a numeric timestamp are skipped. */
export function parseLogEvents(data: unknown, endpoint: string): LogEntry[] {
  const out: LogEntry[] = [];
  for (const e of rawLogEvents(data, endpoint)) {
    const timestamp = logEventTimestamp(e);
    if (timestamp === null) continue;
    const event = e as Json;
    const entry: LogEntry = {
      timestamp,
      level: str(event.level, 'info'),
      worker: str(event.worker),
      msg: logEventMessage(event),
    };
    const seq = logEventSeq(event);
    if (seq !== undefined) entry.seq = seq;
    out.push(entry);
  }
  return out;
}

/** The `events` list of a get_task_log answer as sent, for a scan that reads only two fields. */
export function rawLogEvents(data: unknown, endpoint: string): unknown[] {
  return requireArray(requireObject(data, endpoint), 'events', endpoint);
}

/** A raw log event's timestamp; null for an event the log leaves out. */
export function logEventTimestamp(event: unknown): number | null {
  return isObject(event) ? num(event.timestamp) : null;
}

/** A raw log event's `seq` (tracktop's server: its place among the logs of its timestamp), if an integer. */
export function logEventSeq(event: unknown): number | undefined {
  const seq = isObject(event) ? event.seq : undefined;
  return typeof seq === 'number' && Number.isInteger(seq) ? seq : undefined;
}

/** The message of a raw log event that has a timestamp. */
export function logEventMessage(event: unknown): string {
  const msg = (event as Json).msg;
  return typeof msg === 'string' ? msg : msg === undefined ? '' : JSON.stringify(msg);
}

export function parsePlots(data: unknown, endpoint: string): PlotItem[] {
  const plots = requireArray(requireObject(data, endpoint), 'plots', endpoint);
  const out: PlotItem[] = [];
  for (const p of plots) {
    if (!isObject(p) || typeof p.plot_str !== 'string') continue;
    out.push({
      metric: str(p.metric),
      variant: str(p.variant),
      iter: num(p.iter) ?? 0,
      timestamp: num(p.timestamp) ?? 0,
      plotStr: p.plot_str,
    });
  }
  return out;
}

/** Metric names of one task from `events.get_task_metrics`. */
export function parseTaskMetricNames(data: unknown, endpoint: string, taskId: string): string[] {
  const entries = requireArray(requireObject(data, endpoint), 'metrics', endpoint);
  for (const entry of entries) {
    if (isObject(entry) && entry.task === taskId) return strings(entry.metrics);
  }
  return [];
}

/**
 * Debug images: one item per metric/variant (its newest iteration; `[` `]` step through the
 * others in place, src/store/detail/image-view.ts), newest iteration first, then metric and
 * variant. Two items of one series would show one image view, so stepping one changed both.
 */
export function parseDebugImages(data: unknown, endpoint: string): DebugImageItem[] {
  const metrics = requireArray(requireObject(data, endpoint), 'metrics', endpoint);
  const out: DebugImageItem[] = [];
  for (const entry of metrics) {
    if (!isObject(entry) || !Array.isArray(entry.iterations)) continue;
    for (const iteration of entry.iterations) {
      if (!isObject(iteration) || !Array.isArray(iteration.events)) continue;
      for (const e of iteration.events) {
        if (!isObject(e) || typeof e.url !== 'string') continue;
        out.push({
          metric: str(e.metric),
          variant: str(e.variant),
          iter: num(e.iter) ?? num(iteration.iter) ?? 0,
          timestamp: num(e.timestamp) ?? 0,
          url: e.url,
        });
      }
    }
  }
  const newest = new Map<string, DebugImageItem>();
  for (const item of out.sort((a, b) => b.iter - a.iter || byMetricVariant(a, b))) {
    const key = JSON.stringify([item.metric, item.variant]);
    if (!newest.has(key)) newest.set(key, item);
  }
  return [...newest.values()];
}

export function parseSingleValues(data: unknown, endpoint: string, taskId: string): SingleValueRow[] {
  const tasks = requireArray(requireObject(data, endpoint), 'tasks', endpoint);
  const out: SingleValueRow[] = [];
  for (const t of tasks) {
    if (!isObject(t) || t.task !== taskId || !Array.isArray(t.values)) continue;
    for (const v of t.values) {
      if (!isObject(v) || typeof v.metric !== 'string' || typeof v.variant !== 'string') continue;
      out.push({
        metric: v.metric,
        variant: v.variant,
        value: num(v.value) ?? Number.NaN,
        timestamp: num(v.timestamp) ?? 0,
      });
    }
  }
  return out.sort(byMetricVariant);
}

/**
 * One `{x, y}` series of a histogram answer: x as iteration or epoch ms (ISO strings read),
 * non-numeric y as NaN, ascending by x, the newest `maxPoints` kept. Null when not a series.
 */
export function parseSeriesPoints(series: unknown, maxPoints: number): ScalarSeries | null {
  if (!isObject(series) || !Array.isArray(series.x) || !Array.isArray(series.y)) return null;
  const points: [number, number][] = [];
  const n = Math.min(series.x.length, series.y.length);
  for (let i = 0; i < n; i++) {
    const x = toEpochMs(series.x[i]);
    if (x === null) continue;
    const y = series.y[i];
    points.push([x, typeof y === 'number' ? y : Number.NaN]);
  }
  points.sort((a, b) => a[0] - b[0]);
  const kept = points.length > maxPoints ? points.slice(points.length - maxPoints) : points;
  return { x: kept.map((p) => p[0]), y: kept.map((p) => p[1]) };
}
