// Reading the cluster answers (workers.get_all, queues.get_all_ex, workers.get_stats) into the
// slice's rows: a missing or wrongly typed value becomes a default, never a throw.
import { DataShapeError, isObject, num, str, toEpochMs } from '../core/index.js';
import type { ClusterQueue, ClusterWorker, MachineBars, QueueEntryRow } from './state.js';

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The answer's list under `key`; its absence is a malformed answer (shown in the pane). */
function required(answer: unknown, key: string, endpoint: string): unknown[] {
  const value = isObject(answer) ? answer[key] : undefined;
  if (!Array.isArray(value)) throw new DataShapeError(endpoint, `the answer has no ${key} list`);
  return value;
}
const nameOf = (value: unknown): string => (isObject(value) ? str(value.name, str(value.id)) : str(value));

export function parseWorkers(answer: unknown): ClusterWorker[] {
  const workers = required(answer, 'workers', 'workers.get_all');
  const rows = workers.flatMap((w): ClusterWorker[] => {
    if (!isObject(w) || typeof w.id !== 'string') return [];
    const task = isObject(w.task) && typeof w.task.id === 'string' ? w.task : null;
    return [
      {
        id: w.id,
        user: nameOf(w.user),
        taskId: task === null ? null : (task.id as string),
        taskName: task === null ? '' : str(task.name),
        project: task === null ? '' : nameOf(w.project),
        lastSeen: toEpochMs(w.last_activity_time) ?? toEpochMs(w.last_report_time),
        queues: list(w.queues)
          .map(nameOf)
          .filter((n) => n !== ''),
      },
    ];
  });
  return rows.sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }));
}

/** The queues of a queues.get_all_ex answer; `length` is the entries shown until the caller knows better. */
export function parseQueues(answer: unknown): ClusterQueue[] {
  const queues = required(answer, 'queues', 'queues.get_all_ex');
  const rows = queues.flatMap((q): ClusterQueue[] => {
    if (!isObject(q) || typeof q.id !== 'string') return [];
    const entries = list(q.entries).flatMap((e): QueueEntryRow[] => {
      if (!isObject(e)) return [];
      const taskId = isObject(e.task) ? str(e.task.id) : str(e.task);
      if (taskId === '') return [];
      return [{ taskId, name: isObject(e.task) ? str(e.task.name) : '', added: toEpochMs(e.added) }];
    });
    return [{ id: q.id, name: str(q.name, q.id), length: entries.length, entries, workers: list(q.workers).length }];
  });
  return rows.sort((a, b) => a.name.localeCompare(b.name, 'en', { numeric: true }));
}

/** Each stat's last value, per worker, of a workers.get_stats answer (avg aggregation). */
function lastValues(answer: unknown): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const w of isObject(answer) ? list(answer.workers) : []) {
    if (!isObject(w) || typeof w.worker !== 'string') continue;
    const byMetric = new Map<string, number>();
    for (const m of list(w.metrics)) {
      if (!isObject(m) || typeof m.metric !== 'string') continue;
      const stat = list(m.stats).find((s) => isObject(s) && s.aggregation === 'avg');
      const values = isObject(stat) ? list(stat.values) : [];
      const last = num(values[values.length - 1]);
      if (last !== null) byMetric.set(m.metric, last);
    }
    out.set(w.worker, byMetric);
  }
  return out;
}

const percent = (value: number | undefined): number | null =>
  value === undefined || !Number.isFinite(value) ? null : Math.min(100, Math.max(0, value));

/** The bars of each worker in a workers.get_stats answer for cpu_usage, gpu_usage, memory_used and memory_free. */
export function parseBars(answer: unknown): Record<string, MachineBars> {
  const bars: Record<string, MachineBars> = {};
  for (const [worker, values] of lastValues(answer)) {
    const used = values.get('memory_used');
    const free = values.get('memory_free');
    bars[worker] = {
      cpu: percent(values.get('cpu_usage')),
      gpu: percent(values.get('gpu_usage')),
      memory:
        used !== undefined && free !== undefined && used + free > 0 ? percent((100 * used) / (used + free)) : null,
    };
  }
  return bars;
}

/** One stat's values (avg) of one worker in a workers.get_stats answer. */
export function parseSeries(answer: unknown, worker: string, metric: string): number[] {
  for (const w of isObject(answer) ? list(answer.workers) : []) {
    if (!isObject(w) || w.worker !== worker) continue;
    for (const m of list(w.metrics)) {
      if (!isObject(m) || m.metric !== metric) continue;
      const stat = list(m.stats).find((s) => isObject(s) && s.aggregation === 'avg');
      return (isObject(stat) ? list(stat.values) : []).flatMap((v) => {
        const n = num(v);
        return n === null ? [] : [n];
      });
    }
  }
  return [];
}
