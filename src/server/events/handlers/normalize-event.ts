// One submitted event → what gets stored, or the reason it is refused (docs/wire-facts.md §3.2–§3.4,
// §4.2). Two steps so the batch-wide checks can run between them: `identifyEvent` finds the
// type and owner, `normalizeEvent` checks and converts the remaining fields.
import { deflateSync } from 'node:zlib';
import { IMAGE, isEventType, LOG, NO_ITER, PLOT, SCALAR, TYPE_CODES, VECTOR } from '../storage/event-types.js';

interface EventIdentity {
  type: number;
  owner: string;
  model: boolean;
  allowLocked: boolean;
}

export interface PendingEvent extends EventIdentity {
  /** NO_ITER when the event has none. */
  iter: number;
  metric: string;
  variant: string;
  timestamp: number;
  worker: string;
  /** '' without `key`, else '=' + key (part of the identity). */
  ikey: string;
  /** Scalars only. */
  value: number;
  /** Debug images only. */
  url: string | null;
  /** Logs only. */
  level: string | null;
  msg: string | null;
  /** JSON of the remaining stored fields, or null. */
  extra: string | null;
  /** Scalars: consumed, kept in the task's last_metrics. */
  xAxisLabel: string | undefined;
}

/** Plots this long or longer are stored compressed (docs/wire-facts.md §3.2). */
const PLOT_COMPRESSION_THRESHOLD = 100_000;

const MAX_ITER = 2 ** 63;

function show(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}

export function identifyEvent(raw: Record<string, unknown>): EventIdentity | string {
  const rawType = raw.type;
  if (rawType === undefined || rawType === null) return "Event must have a 'type' field";
  if (typeof rawType !== 'string') return `Invalid event type ${show(rawType)}`;
  const typeName = rawType.replaceAll(' ', '_');
  if (!isEventType(typeName)) return `Invalid event type ${typeName}`;
  const type = TYPE_CODES[typeName];
  const model = raw.model_event === true;
  if (model && type === LOG) return 'Task log events are not supported for models';
  const owner = model && raw.model !== undefined && raw.model !== null ? raw.model : raw.task;
  if (owner === undefined || owner === null) return "Event must have a 'task' field";
  if (typeof owner !== 'string') return `Invalid ${model ? 'model' : 'task'} id ${show(owner)}`;
  return { type, owner, model, allowLocked: raw.allow_locked === true };
}

function parseIter(value: unknown): number | string {
  if (value === undefined || value === null) return NO_ITER;
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && value.trim() !== '') n = Number(value);
  else return `Invalid iteration number ${show(value)}`;
  if (!Number.isFinite(n)) return `Invalid iteration number ${show(value)}`;
  n = Math.trunc(n);
  if (n >= MAX_ITER) return 'Iteration number should not exceed 9223372036854775807';
  // -2^63 itself marks "no iteration" in the store.
  if (n <= -MAX_ITER) return 'Iteration number should not be below -9223372036854775807';
  return n;
}

/** Timestamps must be valid dates (JavaScript's range): they are shown and bucketed as dates. */
const MAX_TIMESTAMP = 8.64e15;

function parseTimestamp(value: unknown, now: number): number | string {
  if (value === undefined || value === null) return now;
  let ms: number | undefined;
  if (typeof value === 'number') ms = value;
  else if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    ms = Number.isFinite(n) ? n : Date.parse(value);
  }
  if (ms !== undefined && Number.isFinite(ms) && Math.abs(ms) <= MAX_TIMESTAMP) return ms;
  return `Invalid timestamp ${show(value)}: expected epoch milliseconds`;
}

function parseName(field: string, value: unknown): string | { reason: string } {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return { reason: `Invalid ${field} ${show(value)}: expected a string` };
}

function parseNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

const SOURCE_URL_RE = /"source"\s*:\s*"([A-Za-z][A-Za-z0-9+.-]*:\/\/[^"]*)"/g;

function sourceUrls(plot: string): string[] {
  const urls = new Set<string>();
  for (const m of plot.matchAll(SOURCE_URL_RE)) if (m[1] !== undefined) urls.add(m[1]);
  return [...urls];
}

/** Fields every type consumes or recomputes; never copied into `extra`. */
const COMMON_FIELDS = new Set([
  'type',
  'task',
  'model_event',
  'allow_locked',
  'timestamp',
  'ts',
  'iter',
  'metric',
  'variant',
  'worker',
  '@timestamp',
]);

/** Whether a submitted field is consumed (stored in a column or recomputed) rather than kept as-is. */
function consumed(type: number, model: boolean, k: string, value: unknown): boolean {
  if (COMMON_FIELDS.has(k)) return true;
  // `model` is moved into `task` for model events; on task events it is an ordinary field.
  if (k === 'model') return model;
  switch (type) {
    case SCALAR:
      return k === 'value' || k === 'x_axis_label';
    case VECTOR:
      return k === 'values' || k === 'value';
    case IMAGE:
      return k === 'url';
    case PLOT:
      return k === 'plot_str' || k === 'plot_len' || k === 'source_urls' || k === 'plot_data';
    case LOG:
      return (k === 'level' || k === 'msg') && (typeof value === 'string' || value === null);
    default:
      return false;
  }
}

export function normalizeEvent(
  raw: Record<string, unknown>,
  id: EventIdentity,
  defaults: { worker: string; now: number },
): PendingEvent | string {
  const iter = parseIter(raw.iter);
  if (typeof iter === 'string') return iter;
  const timestamp = parseTimestamp(raw.timestamp ?? raw.ts, defaults.now);
  if (typeof timestamp === 'string') return timestamp;
  const metric = parseName('metric', raw.metric);
  if (typeof metric !== 'string') return metric.reason;
  const variant = parseName('variant', raw.variant);
  if (typeof variant !== 'string') return variant.reason;
  const worker =
    raw.worker === undefined || raw.worker === null || raw.worker === '' ? defaults.worker : show(raw.worker);

  const ev: PendingEvent = {
    type: id.type,
    owner: id.owner,
    model: id.model,
    allowLocked: id.allowLocked,
    iter,
    metric,
    variant,
    timestamp,
    worker,
    ikey: raw.key === undefined ? '' : `=${show(raw.key)}`,
    value: 0,
    url: null,
    level: null,
    msg: null,
    extra: null,
    xAxisLabel: undefined,
  };

  let extra: Record<string, unknown> | undefined;
  for (const k in raw) {
    const value = raw[k];
    if (!consumed(id.type, id.model, k, value)) (extra ??= {})[k] = value;
  }

  switch (id.type) {
    case SCALAR: {
      const value = parseNumber(raw.value);
      if (value === undefined)
        return `Invalid value ${show(raw.value)} for a training_stats_scalar event: expected a number`;
      ev.value = value;
      if (raw.x_axis_label !== undefined && raw.x_axis_label !== null) ev.xAxisLabel = show(raw.x_axis_label);
      break;
    }
    case VECTOR: {
      const values = raw.values ?? raw.value;
      if (!Array.isArray(values) || !values.every((x) => typeof x === 'number'))
        return "A training_stats_vector event must have 'values': a list of numbers";
      (extra ??= {}).value = values;
      break;
    }
    case IMAGE:
      if (raw.url !== undefined && raw.url !== null) {
        if (typeof raw.url !== 'string') return `Invalid url ${show(raw.url)}: expected a string`;
        ev.url = raw.url;
      }
      break;
    case PLOT: {
      const plot = raw.plot_str;
      if (plot !== undefined && plot !== null && typeof plot !== 'string')
        return 'Invalid plot_str: expected a string (the Plotly figure as JSON text)';
      const text = typeof plot === 'string' ? plot : '';
      extra ??= {};
      if (text.length >= PLOT_COMPRESSION_THRESHOLD) extra.plot_data = deflateSync(text).toString('base64');
      else if (typeof plot === 'string') extra.plot_str = plot;
      extra.plot_len = text.length;
      const urls = sourceUrls(text);
      if (urls.length > 0) extra.source_urls = urls;
      break;
    }
    case LOG:
      if (typeof raw.level === 'string') ev.level = raw.level;
      if (typeof raw.msg === 'string') ev.msg = raw.msg;
      break;
  }
  if (extra !== undefined) ev.extra = JSON.stringify(extra);
  return ev;
}
