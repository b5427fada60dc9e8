// The four exports. Each walks the server's paged reads one page at a time and hands every
// record to the sink before asking for the next page, so memory stays flat for any size.
import { inflateSync } from 'node:zlib';
import { scrollTaskEvents, taskLogForward, type ApiClient } from '../../api/index.js';
import type { MetricVariants } from '../../wire/common.js';
import type { EventTypeFilter, LogEvent, PlotEvent, ScalarEvent, StoredEvent } from '../../wire/events.js';
import { CliError } from '../connection.js';
import { countEvents } from './event-counts.js';
import type { ExportSink } from './output.js';
import type { Progress } from './progress.js';
import { logText, SCALAR_CSV_HEADER, scalarCsv, scalarJson, type ScalarPoint } from './rows.js';

export interface ExportContext {
  client: ApiClient;
  task: string;
  sink: ExportSink;
  progress: Progress;
  /** Whether the progress bar is drawn (totals cost extra calls, made only then). */
  wantTotals: boolean;
}

/** Largest get_task_events page real servers allow (Elasticsearch's result window). */
const SCALAR_PAGE = 1_000;
const PLOT_PAGE = 100;
const LOG_PAGE = 5_000;

export type ScalarFormat = 'csv' | 'jsonl';
export type LogFormat = 'text' | 'jsonl';

/** Every metric/variant of the task's scalars, by name; `metric` keeps only that metric. */
async function scalarSeries(client: ApiClient, task: string, metric: string | undefined): Promise<MetricVariants[]> {
  const { metrics } = await client.events.getScalarMetricsAndVariants({ task });
  const names = Object.keys(metrics ?? {}).sort();
  if (metric !== undefined && !names.includes(metric)) {
    const known = names.length > 0 ? `; its metrics: ${names.join(', ')}` : '; it has no scalars';
    throw new CliError(`the task has no scalar metric '${metric}'${known}`);
  }
  return names
    .filter((m) => metric === undefined || m === metric)
    .flatMap((m) => [...(metrics[m] ?? [])].sort().map((v) => ({ metric: m, variants: [v] })));
}

interface ScalarPage {
  /** The page's points, formatted. */
  text: string;
  count: number;
  firstIter: number;
  lastIter: number;
  scrollId: string | undefined;
}

/**
 * One page of one metric/variant's points, already formatted. The events die with this call,
 * before the next page is requested, so no page outlives a request (a page still referenced
 * while the next one downloads would be promoted in the heap, and memory would creep).
 */
async function scalarPage(
  client: ApiClient,
  task: string,
  series: MetricVariants,
  scrollId: string | undefined,
  line: (p: ScalarPoint) => string,
): Promise<ScalarPage> {
  const res = await client.events.getTaskEvents({
    task,
    event_type: 'training_stats_scalar',
    metrics: [series],
    order: 'asc',
    batch_size: SCALAR_PAGE,
    count_total: false,
    ...(scrollId === undefined ? {} : { scroll_id: scrollId }),
  });
  const events = (res.returned === 0 ? [] : (res.events ?? [])) as ScalarEvent[];
  let text = '';
  for (const event of events) {
    text += line({
      iteration: event.iter ?? 0,
      timestamp: event.timestamp,
      metric: event.metric,
      variant: event.variant,
      value: event.value,
    });
  }
  return {
    text,
    count: events.length,
    firstIter: events[0]?.iter ?? 0,
    lastIter: events[events.length - 1]?.iter ?? 0,
    scrollId: typeof res.scroll_id === 'string' && res.scroll_id !== '' ? res.scroll_id : undefined,
  };
}

/**
 * Scalars through events.get_task_events (one metric/variant per scroll): unlike
 * scalar_metrics_iter_raw, whose pages carry only one key per point, its events hold both the
 * iteration and the timestamp of every point.
 */
export async function exportScalars(ctx: ExportContext, format: ScalarFormat, metric?: string): Promise<number> {
  const { client, task, sink, progress } = ctx;
  const series = await scalarSeries(client, task, metric);
  if (ctx.wantTotals) {
    let total = 0;
    for (const s of series) total += (await countEvents(client, task, 'training_stats_scalar', [s])) ?? 0;
    progress.setTotal(total);
  }
  const line = format === 'csv' ? scalarCsv : scalarJson;
  if (format === 'csv') await sink.write(SCALAR_CSV_HEADER);
  let done = 0;
  for (const [index, s] of series.entries()) {
    const note = `${s.metric}/${s.variants?.[0] ?? ''} (${index + 1}/${series.length})`;
    // One series has one point per iteration, ascending: a page that does not start after the
    // last iteration seen is the server's "restart at key 0" quirk (docs/wire-facts.md §6.2), the end.
    let lastIter = -Infinity;
    let scrollId: string | undefined;
    do {
      const page = await scalarPage(client, task, s, scrollId, line);
      if (page.count === 0 || page.firstIter <= lastIter) break;
      await sink.write(page.text);
      done += page.count;
      progress.set(done, note);
      lastIter = page.lastIter;
      scrollId = page.scrollId;
    } while (scrollId !== undefined);
  }
  return done;
}

function logJson(e: LogEvent): string {
  return `${JSON.stringify({ timestamp: e.timestamp, iter: e.iter, level: e.level, worker: e.worker, msg: e.msg })}\n`;
}

/** The whole log, oldest first: get_task_log forward from the oldest line (paging.ts never skips or repeats a line). */
export async function exportLog(ctx: ExportContext, format: LogFormat): Promise<number> {
  const { client, task, sink, progress } = ctx;
  if (ctx.wantTotals) {
    // get_task_log caps `total` at 10000; below the cap it is exact.
    const first = await client.events.getTaskLog({ task, batch_size: 1, navigate_earlier: false });
    progress.setTotal(first.total < 10_000 ? first.total : await countEvents(client, task, 'log'));
  }
  let done = 0;
  for await (const page of taskLogForward(client, { task, batchSize: LOG_PAGE })) {
    let chunk = '';
    for (const event of page) chunk += format === 'text' ? logText(String(event.msg ?? '')) : logJson(event);
    await sink.write(chunk);
    done += page.length;
    progress.set(done);
  }
  return done;
}

/** A plot as real servers keep big ones (zlib+base64 in plot_data) given back its plot_str. */
function restorePlotStr(event: StoredEvent): StoredEvent {
  const doc = event as PlotEvent & { plot_data?: unknown };
  if (typeof doc.plot_data !== 'string' || typeof doc.plot_str === 'string') return event;
  const { plot_data: data, ...rest } = doc;
  try {
    return { ...rest, plot_str: inflateSync(Buffer.from(data as string, 'base64')).toString('utf8') } as PlotEvent;
  } catch {
    return event;
  }
}

/** Every event of one type, oldest first, page by page; the progress total is counted first when drawn. */
export async function* eventPages(
  ctx: ExportContext,
  eventType: EventTypeFilter,
  pageSize: number,
): AsyncGenerator<StoredEvent[], void, undefined> {
  const { client, task } = ctx;
  if (ctx.wantTotals) ctx.progress.setTotal(await countEvents(client, task, eventType));
  yield* scrollTaskEvents(client, {
    task,
    event_type: eventType,
    order: 'asc',
    batch_size: pageSize,
    count_total: false,
  });
}

/** Every plot event (all iterations), one JSON object per line, ordered by iteration. */
export async function exportPlots(ctx: ExportContext): Promise<number> {
  const { sink, progress } = ctx;
  let done = 0;
  for await (const page of eventPages(ctx, 'plot', PLOT_PAGE)) {
    for (const event of page) await sink.write(`${JSON.stringify(restorePlotStr(event))}\n`);
    done += page.length;
    progress.set(done);
  }
  return done;
}
