// Rebuilds the stored event object (docs/wire-facts.md §3.6) from its row: the columns give the common
// fields, `extra` (JSON) the type-specific and unknown ones.
import { inflateSync } from 'node:zlib';
import type { LogEvent, PlotEvent, ScalarEvent, StoredEvent } from '../../../wire/events.js';
import { NO_ITER, typeName } from './event-types.js';

export interface SeriesInfo {
  owner: string;
  model_event: number;
  type: number;
  metric: string;
  variant: string;
}

// A page of events usually shares a handful of write times, and those it does not share mostly
// share their second: the second's text is formatted once and the milliseconds appended.
let lastSecond = Number.NaN;
let lastSecondText = '';
export function writtenText(ms: number): string {
  if (!Number.isInteger(ms)) return new Date(ms).toISOString();
  const second = Math.floor(ms / 1000) * 1000;
  if (second !== lastSecond) {
    // Formatted before it is cached, so an out-of-range time throws here every time.
    lastSecondText = new Date(second).toISOString().slice(0, -'000Z'.length);
    lastSecond = second;
  }
  return `${lastSecondText}${String(ms - second).padStart(3, '0')}Z`;
}

function base(
  s: SeriesInfo,
  iter: number,
  timestamp: number,
  written: number,
  worker: string,
): Record<string, unknown> {
  const doc: Record<string, unknown> = { task: s.owner, type: typeName(s.type) };
  if (iter !== NO_ITER) doc.iter = iter;
  doc.metric = s.metric;
  doc.variant = s.variant;
  doc.timestamp = timestamp;
  doc.worker = worker;
  doc.model_event = s.model_event === 1;
  doc['@timestamp'] = writtenText(written);
  return doc;
}

function addExtra(doc: Record<string, unknown>, extra: string | null): void {
  if (extra === null) return;
  Object.assign(doc, JSON.parse(extra) as Record<string, unknown>);
}

export function scalarDoc(
  s: SeriesInfo,
  iter: number,
  value: number,
  timestamp: number,
  written: number,
  worker: string,
  extra: string | null,
): ScalarEvent {
  const doc = base(s, iter, timestamp, written, worker);
  doc.value = value;
  addExtra(doc, extra);
  return doc as ScalarEvent;
}

/**
 * Vectors, debug images and plots. Plots of 100000 characters or more are stored compressed
 * (`plot_data`); `restorePlot` gives them back their `plot_str`, as every plot read does
 * except get_task_events (docs/wire-facts.md §3.2).
 */
export function docEventDoc(
  s: SeriesInfo,
  iter: number,
  timestamp: number,
  written: number,
  worker: string,
  url: string | null,
  extra: string | null,
  restorePlot: boolean,
): StoredEvent {
  const doc = base(s, iter, timestamp, written, worker);
  if (url !== null) doc.url = url;
  addExtra(doc, extra);
  if (restorePlot && typeof doc.plot_data === 'string' && doc.plot_str === undefined) {
    doc.plot_str = inflateSync(Buffer.from(doc.plot_data, 'base64')).toString('utf8');
    delete doc.plot_data;
  }
  return doc as StoredEvent;
}

export function plotDoc(
  s: SeriesInfo,
  iter: number,
  timestamp: number,
  written: number,
  worker: string,
  extra: string | null,
): PlotEvent {
  return docEventDoc(s, iter, timestamp, written, worker, null, extra, true) as PlotEvent;
}

export function logDoc(
  s: SeriesInfo,
  iter: number,
  timestamp: number,
  written: number,
  worker: string,
  level: string | null,
  msg: string | null,
  extra: string | null,
): LogEvent {
  const doc = base(s, iter, timestamp, written, worker);
  if (level !== null) doc.level = level;
  if (msg !== null) doc.msg = msg;
  addExtra(doc, extra);
  return doc as LogEvent;
}
