// Workers (migration 8): real servers keep them in Redis with a time to live and their machine
// stats in Elasticsearch; here a worker is a row that expires `timeout` seconds after its last
// registration or report, and its status reports are rows kept for a day (CLUSTER_HISTORY_MS),
// aggregated per interval when asked (workers.get_stats, get_activity_report).
import { ERRORS } from '../../wire/errors.js';
import type { MachineStats, MetricStats, StatItem, Worker, WorkerQueue, WorkerStats } from '../../wire/cluster.js';
import type { RequestContext } from '../handlers/handler-types.js';
import { normaliseTags, parseList } from './entities.js';
import { ServerError } from '../http/errors.js';
import { CLUSTER_HISTORY_MS, countEntries, queueEntries, queueNames } from './queue-store.js';
import { COMPANY_NAME } from './server-meta.js';
import { stmt } from './statements.js';
import { isoTime } from './time.js';

/** Seconds a worker stays listed after registering or reporting, unless it says otherwise. */
export const DEFAULT_WORKER_TIMEOUT_S = 600;
/** The shortest interval of a stats chart, in seconds (as real servers). */
const MIN_CHART_INTERVAL_S = 40;
/** Points one stats or activity answer may have per series. */
const MAX_CHART_POINTS = 5000;
/**
 * Worker reports one stats answer may read and parse (an hour of 30 s reports of 200 workers, a
 * day of 8), and one activity answer may count (a day of 100 workers): bounds on one request.
 */
export const MAX_STATS_REPORTS = 25_000;
const MAX_ACTIVITY_REPORTS = 300_000;

interface WorkerRow {
  company: string;
  user: string;
  id: string;
  ip: string;
  queues: string;
  tags: string;
  system_tags: string;
  register_time: number;
  timeout: number;
  expires: number;
  last_activity_time: number;
  last_report_time: number | null;
  task: string | null;
  queue: string | null;
}

function getWorker(ctx: RequestContext, id: string): WorkerRow | undefined {
  return stmt(ctx.db, 'SELECT * FROM workers WHERE company = ? AND user = ? AND id = ?').get(
    ctx.identity.company,
    ctx.identity.user,
    id,
  ) as WorkerRow | undefined;
}

interface Registration {
  worker: string;
  timeoutS: number;
  queues: readonly string[];
  tags?: readonly string[] | undefined;
  systemTags?: readonly string[] | undefined;
}

/** Registers (or registers again) the caller's worker of this name. */
export function registerWorker(ctx: RequestContext, r: Registration): WorkerRow {
  const now = ctx.now();
  stmt(
    ctx.db,
    `INSERT INTO workers (company, user, id, ip, queues, tags, system_tags, register_time, timeout, expires,
       last_activity_time)
     VALUES (@company, @user, @id, @ip, @queues, @tags, @system_tags, @now, @timeout, @expires, @now)
     ON CONFLICT (company, user, id) DO UPDATE SET ip = @ip, queues = @queues, tags = @tags,
       system_tags = @system_tags, register_time = @now, timeout = @timeout, expires = @expires,
       last_activity_time = @now`,
  ).run({
    company: ctx.identity.company,
    user: ctx.identity.user,
    id: r.worker,
    ip: ctx.remoteAddress ?? '',
    queues: JSON.stringify(r.queues),
    tags: JSON.stringify(normaliseTags(r.tags ? [...r.tags] : [])),
    system_tags: JSON.stringify(normaliseTags(r.systemTags ? [...r.systemTags] : [])),
    now,
    timeout: r.timeoutS,
    expires: now + r.timeoutS * 1000,
  });
  return getWorker(ctx, r.worker) as WorkerRow;
}

/** 400/1004 when the caller has no worker of this name. */
export function unregisterWorker(ctx: RequestContext, id: string): void {
  const gone = stmt(ctx.db, 'DELETE FROM workers WHERE company = ? AND user = ? AND id = ? AND expires > ?').run(
    ctx.identity.company,
    ctx.identity.user,
    id,
    ctx.now(),
  ).changes;
  stmt(ctx.db, 'DELETE FROM worker_properties WHERE company = ? AND user = ? AND worker = ?').run(
    ctx.identity.company,
    ctx.identity.user,
    id,
  );
  if (gone === 0) throw new ServerError(ERRORS.workerNotRegistered, undefined, { worker: id });
}

interface StatusReport {
  worker: string;
  task?: string | undefined;
  queue?: string | undefined;
  queues?: readonly string[] | undefined;
  tags?: readonly string[] | undefined;
  machineStats?: MachineStats | undefined;
}

/**
 * A worker's report: it is active now, runs `task` (or nothing), and its machine stats join its
 * history. A worker not (or no longer) registered is registered by its first report, as real
 * servers configured to auto-register do (clearml-agent registers first anyway). The running
 * task's `last_worker` and `last_worker_report` name the worker, so that tasks.stop asks it.
 */
export function reportStatus(ctx: RequestContext, report: StatusReport, taskExists: (id: string) => void): void {
  const now = ctx.now();
  let row = getWorker(ctx, report.worker);
  if (!row || row.expires <= now)
    row = registerWorker(ctx, {
      worker: report.worker,
      timeoutS: row?.timeout ?? DEFAULT_WORKER_TIMEOUT_S,
      queues: [],
    });
  if (report.task) {
    taskExists(report.task);
    stmt(ctx.db, 'UPDATE tasks SET last_worker = ?, last_worker_report = ?, last_update = ? WHERE id = ?').run(
      report.worker,
      now,
      now,
      report.task,
    );
  }
  stmt(
    ctx.db,
    `UPDATE workers SET ip = ?, last_activity_time = ?, last_report_time = ?, expires = ?, task = ?, queue = ?,
       queues = coalesce(?, queues), tags = coalesce(?, tags)
     WHERE company = ? AND user = ? AND id = ?`,
  ).run(
    ctx.remoteAddress ?? row.ip,
    now,
    now,
    now + row.timeout * 1000,
    report.task ?? null,
    report.queue ?? null,
    report.queues && report.queues.length > 0 ? JSON.stringify(report.queues) : null,
    report.tags ? JSON.stringify(normaliseTags([...report.tags])) : null,
    ctx.identity.company,
    ctx.identity.user,
    report.worker,
  );
  // Stored at the server's time (not the report's), so that a day's history stays a day's.
  stmt(ctx.db, 'INSERT INTO worker_reports (company, worker, time, task, stats) VALUES (?, ?, ?, ?, ?)').run(
    ctx.identity.company,
    report.worker,
    now,
    report.task ?? null,
    JSON.stringify(report.machineStats ?? {}),
  );
  stmt(ctx.db, 'DELETE FROM worker_reports WHERE company = ? AND worker = ? AND time < ?').run(
    ctx.identity.company,
    report.worker,
    now - CLUSTER_HISTORY_MS,
  );
}

/** The company's live workers (active within `lastSeenS` seconds, when given); expired ones are dropped. */
export function liveWorkers(ctx: RequestContext, lastSeenS?: number): WorkerRow[] {
  const now = ctx.now();
  stmt(ctx.db, 'DELETE FROM workers WHERE company = ? AND expires <= ?').run(ctx.identity.company, now);
  const since = lastSeenS ? now - Math.max(1, lastSeenS) * 1000 : 0;
  return stmt(ctx.db, 'SELECT * FROM workers WHERE company = ? AND last_activity_time >= ? ORDER BY id, user').all(
    ctx.identity.company,
    since,
  ) as WorkerRow[];
}

interface TaskBrief {
  id: string;
  name: string;
  project: string | null;
  started: number | null;
  last_iteration: number;
}

function taskBriefs(ctx: RequestContext, ids: readonly string[]): Map<string, TaskBrief> {
  const rows = stmt(
    ctx.db,
    `SELECT id, name, project, started, last_iteration FROM tasks
     WHERE company = ? AND id IN (SELECT value FROM json_each(?))`,
  ).all(ctx.identity.company, JSON.stringify(ids)) as TaskBrief[];
  return new Map(rows.map((r) => [r.id, r]));
}

function namesOf(ctx: RequestContext, table: 'users' | 'projects', ids: readonly string[]): Map<string, string> {
  const rows = stmt(ctx.db, `SELECT id, name FROM ${table} WHERE id IN (SELECT value FROM json_each(?))`).all(
    JSON.stringify(ids),
  ) as { id: string; name: string }[];
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Workers as workers.get_all answers them: names, running task, and what waits in their queues. */
export function workersToJson(ctx: RequestContext, rows: readonly WorkerRow[]): Worker[] {
  const now = ctx.now();
  const queueIds = [...new Set(rows.flatMap((r) => [...parseList(r.queues), ...(r.queue ? [r.queue] : [])]))];
  const queueName = queueNames(ctx, queueIds);
  const queueInfo = new Map<string, { num: number; next?: string }>();
  for (const id of queueName.keys()) {
    const [first] = queueEntries(ctx, id, 1);
    queueInfo.set(id, first ? { num: countEntries(ctx, id), next: first.task } : { num: 0 });
  }
  const taskIds = [
    ...rows.flatMap((r) => (r.task ? [r.task] : [])),
    ...[...queueInfo.values()].flatMap((q) => (q.next ? [q.next] : [])),
  ];
  const tasks = taskBriefs(ctx, [...new Set(taskIds)]);
  const users = namesOf(ctx, 'users', [...new Set(rows.map((r) => r.user))]);
  const projects = namesOf(ctx, 'projects', [
    ...new Set([...tasks.values()].flatMap((t) => (t.project ? [t.project] : []))),
  ]);
  const queueEntry = (id: string): WorkerQueue => {
    const out: WorkerQueue = { id };
    const name = queueName.get(id);
    const info = queueInfo.get(id);
    if (name !== undefined) out.name = name;
    if (info) {
      out.num_tasks = info.num;
      if (info.next) out.next_task = { id: info.next, name: tasks.get(info.next)?.name ?? '' };
    }
    return out;
  };
  return rows.map((r) => {
    const w: Worker = {
      id: r.id,
      user: { id: r.user, name: users.get(r.user) ?? '' },
      company: { id: r.company, name: COMPANY_NAME },
      ip: r.ip,
      register_time: isoTime(r.register_time),
      last_activity_time: isoTime(r.last_activity_time),
      tags: parseList(r.tags),
      system_tags: parseList(r.system_tags),
      queues: parseList(r.queues).map(queueEntry),
    };
    if (r.last_report_time !== null) w.last_report_time = isoTime(r.last_report_time);
    if (r.queue) w.queue = queueEntry(r.queue);
    const task = r.task ? tasks.get(r.task) : undefined;
    if (task) {
      w.task = {
        id: task.id,
        name: task.name,
        running_time: task.started === null ? 0 : Math.max(0, now - task.started),
        last_iteration: task.last_iteration,
      };
      if (task.project) w.project = { id: task.project, name: projects.get(task.project) ?? '' };
    }
    return w;
  });
}

/** Interval starts (epoch ms, aligned to the interval) of a chart from..to (epoch seconds). */
export function chartBuckets(
  fromS: number,
  toS: number,
  intervalS: number,
): { step: number; first: number; last: number } {
  if (fromS >= toS) throw new ServerError(ERRORS.fieldsValueError, 'from_date must be less than to_date');
  const step = Math.max(intervalS, MIN_CHART_INTERVAL_S) * 1000;
  const first = Math.floor((fromS * 1000) / step) * step;
  // The last interval, when not yet 90 % over, is left out (as real servers do).
  const last = Math.floor((toS * 1000 - 0.9 * step) / step) * step;
  if ((last - first) / step + 1 > MAX_CHART_POINTS)
    throw new ServerError(
      ERRORS.fieldsValueError,
      `the range holds more than ${MAX_CHART_POINTS} intervals; ask for a longer interval or a shorter range`,
    );
  return { step, first, last };
}

/** The reports a chart reads: the company's (of some workers) in the range's whole intervals. */
interface ReportRange {
  sql: string;
  params: Record<string, unknown>;
  step: number;
}

/**
 * The WHERE clause over `worker_reports r` for a chart, refused with a 400 when it would read
 * more than `maxReports` reports (the bound keeps one request short).
 */
function reportRange(
  ctx: RequestContext,
  range: { fromS: number; toS: number; intervalS: number },
  maxReports: number,
  workers?: readonly string[],
): ReportRange {
  const { step, last } = chartBuckets(range.fromS, range.toS, range.intervalS);
  const params: Record<string, unknown> = {
    company: ctx.identity.company,
    lo: range.fromS * 1000,
    hi: Math.min(range.toS * 1000, last + step),
    step,
    workers: JSON.stringify(workers ?? []),
  };
  const sql = `r.company = @company AND r.time >= @lo AND r.time < @hi${
    workers && workers.length > 0 ? ' AND r.worker IN (SELECT value FROM json_each(@workers))' : ''
  }`;
  const { n } = stmt(ctx.db, `SELECT count(*) AS n FROM worker_reports r WHERE ${sql}`).get(params) as { n: number };
  if (n > maxReports)
    throw new ServerError(
      ERRORS.fieldsValueError,
      `the range holds ${n} worker reports, more than ${maxReports}; name fewer workers or ask for a shorter range`,
    );
  return { sql, params, step };
}

/** One series being aggregated: per interval index, the sum, count, min and max of its values. */
class Series {
  readonly sum: number[] = [];
  readonly count: number[] = [];
  readonly min: number[] = [];
  readonly max: number[] = [];
  add(i: number, v: number): void {
    if (this.count[i] === undefined) {
      this.sum[i] = v;
      this.count[i] = 1;
      this.min[i] = v;
      this.max[i] = v;
      return;
    }
    this.sum[i] = (this.sum[i] as number) + v;
    this.count[i] += 1;
    if (v < (this.min[i] as number)) this.min[i] = v;
    if (v > (this.max[i] as number)) this.max[i] = v;
  }
}

/**
 * workers.get_stats: per worker and requested stats field, per interval with reports, the
 * requested aggregations of the field's values (of all its cores / GPUs together, or of each
 * one with `splitByVariant`: variants "0", "1", ..., a single-valued field's is "total"). Each
 * report is parsed once, whatever the number of fields asked.
 */
export function workerStats(
  ctx: RequestContext,
  req: { fromS: number; toS: number; intervalS: number; items: readonly StatItem[]; workers?: readonly string[] },
  splitByVariant: boolean,
): WorkerStats[] {
  const range = reportRange(ctx, req, MAX_STATS_REPORTS, req.workers);
  const first = range.params.lo as number;
  const firstBucket = first - (first % range.step);
  const keys = [...new Set(req.items.map((i) => i.key))];
  // worker -> key -> variant ("" when pooled) -> series
  const found = new Map<string, Map<string, Map<string, Series>>>();
  const rows = stmt(ctx.db, `SELECT r.worker, r.time, r.stats FROM worker_reports r WHERE ${range.sql}`).iterate(
    range.params,
  ) as IterableIterator<{ worker: string; time: number; stats: string }>;
  for (const row of rows) {
    const stats = parseStats(row.stats);
    const index = Math.floor((row.time - firstBucket) / range.step);
    let byKey = found.get(row.worker);
    for (const key of keys) {
      const value = stats[key];
      const values = Array.isArray(value) ? value : [value];
      for (let v = 0; v < values.length; v++) {
        const x = values[v];
        if (typeof x !== 'number' || !Number.isFinite(x)) continue;
        if (!byKey) found.set(row.worker, (byKey = new Map()));
        let byVariant = byKey.get(key);
        if (!byVariant) byKey.set(key, (byVariant = new Map()));
        const variant = !splitByVariant ? '' : Array.isArray(value) ? String(v) : 'total';
        let series = byVariant.get(variant);
        if (!series) byVariant.set(variant, (series = new Series()));
        series.add(index, x);
      }
    }
  }
  const aggregationsOf = (key: string) => [
    ...new Set(req.items.filter((i) => i.key === key).map((i) => i.aggregation)),
  ];
  return [...found].map(([worker, byKey]) => ({
    worker,
    metrics: keys.flatMap((key) =>
      [...(byKey.get(key) ?? new Map<string, Series>())]
        .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
        .map(([variant, series]): MetricStats => {
          const indexes = series.count.flatMap((c, i) => (c === undefined ? [] : [i]));
          const metric: MetricStats = {
            metric: key,
            dates: indexes.map((i) => firstBucket + i * range.step),
            stats: aggregationsOf(key).map((aggregation) => ({
              aggregation,
              values: indexes.map((i) =>
                aggregation === 'avg'
                  ? (series.sum[i] as number) / (series.count[i] as number)
                  : ((aggregation === 'min' ? series.min[i] : series.max[i]) as number),
              ),
            })),
          };
          if (splitByVariant) metric.variant = variant;
          return metric;
        }),
    ),
  }));
}

function parseStats(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** workers.get_activity_report: per interval, how many workers reported, and how many ran a task. */
export function activityReport(
  ctx: RequestContext,
  fromS: number,
  toS: number,
  intervalS: number,
): { dates: number[]; total: number[]; active: number[] } {
  const { first, last } = chartBuckets(fromS, toS, intervalS);
  const range = reportRange(ctx, { fromS, toS, intervalS }, MAX_ACTIVITY_REPORTS);
  const rows = stmt(
    ctx.db,
    `SELECT r.time - r.time % @step AS bucket, count(DISTINCT r.worker) AS total,
       count(DISTINCT CASE WHEN r.task IS NOT NULL THEN r.worker END) AS active
     FROM worker_reports r WHERE ${range.sql} GROUP BY bucket`,
  ).all(range.params) as { bucket: number; total: number; active: number }[];
  const byBucket = new Map(rows.map((r) => [r.bucket, r]));
  const dates: number[] = [];
  for (let d = first; d <= last; d += range.step) dates.push(d);
  return {
    dates,
    total: dates.map((d) => byBucket.get(d)?.total ?? 0),
    active: dates.map((d) => byBucket.get(d)?.active ?? 0),
  };
}

interface PropertyRow {
  key: string;
  value: string;
  expires: number | null;
}

/** Sets (or with expiry 0 removes) the caller's worker's runtime properties. */
export function setWorkerProperties(
  ctx: RequestContext,
  worker: string,
  props: readonly { key: string; value: string; expiry?: number | undefined }[],
): { added: string[]; removed: string[] } {
  const out = { added: [] as string[], removed: [] as string[] };
  const key = [ctx.identity.company, ctx.identity.user, worker] as const;
  for (const p of props) {
    if (p.expiry === 0) {
      stmt(ctx.db, 'DELETE FROM worker_properties WHERE company = ? AND user = ? AND worker = ? AND key = ?').run(
        ...key,
        p.key,
      );
      out.removed.push(p.key);
      continue;
    }
    stmt(
      ctx.db,
      `INSERT INTO worker_properties (company, user, worker, key, value, expires) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (company, user, worker, key) DO UPDATE SET value = excluded.value, expires = excluded.expires`,
    ).run(...key, p.key, p.value, p.expiry === undefined ? null : ctx.now() + p.expiry * 1000);
    out.added.push(p.key);
  }
  return out;
}

/** The caller's worker's runtime properties that have not expired. */
export function workerProperties(ctx: RequestContext, worker: string): PropertyRow[] {
  const now = ctx.now();
  stmt(
    ctx.db,
    'DELETE FROM worker_properties WHERE company = ? AND user = ? AND worker = ? AND expires IS NOT NULL AND expires <= ?',
  ).run(ctx.identity.company, ctx.identity.user, worker, now);
  return stmt(
    ctx.db,
    'SELECT key, value, expires FROM worker_properties WHERE company = ? AND user = ? AND worker = ? ORDER BY key',
  ).all(ctx.identity.company, ctx.identity.user, worker) as PropertyRow[];
}
