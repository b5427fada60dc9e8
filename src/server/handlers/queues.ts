// queues.*: what clearml-agent polls (get_all, get_next_task), what the SDK resolves queue names
// with (get_by_id, get_all), and what the cluster view reads and changes (get_all_ex with the
// workers listening, the line's order, metrics), with real servers' rules and answers
// (src/server/db/queue-store.ts keeps the lines).
import { handler, checkedAsQuery, type ServedHandlersOf } from './handler.js';
import { ERRORS } from '../../wire/errors.js';
import type {
  Queue,
  QueueRequest,
  QueuesCreateRequest,
  QueuesCreateResponse,
  QueuesDeleteRequest,
  QueuesDeleteResponse,
  QueuesGetByIdRequest,
  QueuesGetByIdResponse,
  QueuesGetDefaultRequest,
  QueuesGetDefaultResponse,
  QueuesGetNextTaskRequest,
  QueuesGetNextTaskResponse,
  QueuesGetQueueMetricsRequest,
  QueuesGetQueueMetricsResponse,
  QueuesMoveTaskRequest,
  QueuesMoveTaskResponse,
  QueueMetrics,
  QueueTaskRequest,
  QueueWorker,
} from '../../wire/cluster.js';
import type { RequestContext } from './handler-types.js';
import { withPlainReferences } from '../db/entities.js';
import { ServerError } from '../http/errors.js';
import { listAnswer, parseQuery, QUEUES, runQuery } from '../query/list-query.js';
import {
  addEntry,
  countEntries,
  defaultQueue,
  deleteQueue,
  insertQueue,
  MAX_ENTRIES_ANSWERED,
  popEntry,
  queueEntries,
  queueToJson,
  removeEntry,
  repositionEntry,
  requireQueue,
  sampleQueue,
  type QueueRow,
} from '../db/queue-store.js';
import { stmt } from '../db/statements.js';
import { isoTime } from '../db/time.js';
import { getTask, requireTask } from '../db/task-store.js';
import { liveWorkers, chartBuckets } from '../db/worker-store.js';
import { requestShape, TAG_RULES, v } from '../http/validate.js';

type Doc = Record<string, unknown>;

/** Whether only_fields keeps `entries` (no only_fields keeps everything). */
function wantsEntries(body: Record<string, unknown>): boolean {
  const only = body.only_fields;
  if (!Array.isArray(only)) return true;
  const include = only.filter((f): f is string => typeof f === 'string' && f.trim() !== '' && !f.startsWith('-'));
  if (include.length === 0) return !only.includes('-entries');
  return include.some((f) => f === 'entries' || f.startsWith('entries.'));
}

/** Entries answered per queue: `max_task_entries` (0 or absent: all), at most MAX_ENTRIES_ANSWERED. */
function entriesLimit(asked: number | undefined): number {
  return Math.min(asked || MAX_ENTRIES_ANSWERED, MAX_ENTRIES_ANSWERED);
}

function maxEntries(body: Record<string, unknown>): number {
  return entriesLimit(v.int({ min: 0 }).opt().check(body.max_task_entries, 'max_task_entries'));
}

function taskNames(ctx: RequestContext, ids: readonly string[]): Map<string, string> {
  const rows = stmt(
    ctx.db,
    'SELECT id, name FROM tasks WHERE company = ? AND id IN (SELECT value FROM json_each(?))',
  ).all(ctx.identity.company, JSON.stringify(ids)) as { id: string; name: string }[];
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The live workers listening to each queue, as queues.get_all_ex lists them. */
function workersByQueue(ctx: RequestContext): Map<string, QueueWorker[]> {
  const workers = liveWorkers(ctx);
  const names = taskNames(
    ctx,
    workers.flatMap((w) => (w.task ? [w.task] : [])),
  );
  const out = new Map<string, QueueWorker[]>();
  for (const w of workers)
    for (const queue of JSON.parse(w.queues) as string[]) {
      const list = out.get(queue) ?? [];
      list.push({ name: w.id, ip: w.ip, task: w.task ? { id: w.task, name: names.get(w.task) ?? '' } : null });
      out.set(queue, list);
    }
  return out;
}

/** queues.get_all (plain ids) and get_all_ex (task names joined, listening workers added). */
function queueList(expanded: boolean) {
  return checkedAsQuery((body: Record<string, unknown>, ctx: RequestContext) => {
    const limit = maxEntries(body);
    const result = runQuery(ctx, QUEUES, parseQuery(body, QUEUES), {
      hideHidden: true,
      scrollKind: expanded ? 'queues.get_all_ex' : 'queues.get_all',
    });
    const withEntries = wantsEntries(body);
    const lines = new Map(result.items.map((doc) => [doc.id as string, queueEntries(ctx, doc.id as string, limit)]));
    const names =
      expanded && withEntries
        ? taskNames(
            ctx,
            [...lines.values()].flat().map((e) => e.task),
          )
        : undefined;
    const workers = expanded ? workersByQueue(ctx) : undefined;
    const items = result.items.map((doc): Doc => {
      const out: Doc = expanded ? { ...doc } : withPlainReferences(doc);
      if (withEntries)
        out.entries = (lines.get(doc.id as string) ?? []).map((e) => ({
          task: names ? { id: e.task, name: names.get(e.task) ?? '' } : e.task,
          added: isoTime(e.added),
        }));
      if (workers) out.workers = workers.get(doc.id as string) ?? [];
      return out;
    });
    return listAnswer('queues', items, result.scrollId);
  });
}

function plainQueue(ctx: RequestContext, row: QueueRow, limit: number): Queue {
  return {
    ...(withPlainReferences(queueToJson(row)) as Omit<Queue, 'entries'>),
    entries: queueEntries(ctx, row.id, limit).map((e) => ({ task: e.task, added: isoTime(e.added) })),
  };
}

const getById = handler(
  requestShape<QueuesGetByIdRequest>()({ queue: v.str(), max_task_entries: v.int({ min: 0 }).opt() }),
  (req, ctx): QueuesGetByIdResponse => ({
    queue: plainQueue(ctx, requireQueue(ctx, req.queue), entriesLimit(req.max_task_entries)),
  }),
);

const getDefault = handler(requestShape<QueuesGetDefaultRequest>()({}), (_req, ctx): QueuesGetDefaultResponse => {
  const queue = defaultQueue(ctx);
  return { id: queue.id, name: queue.name };
});

const create = handler(
  requestShape<QueuesCreateRequest>()({
    name: v.str({ minLength: 1, maxLength: 200 }),
    ...TAG_RULES,
  }),
  (req, ctx): QueuesCreateResponse => ({ id: insertQueue(ctx, req.name.trim(), req.tags, req.system_tags) }),
);

/**
 * A queue with waiting tasks is deleted only when forced; its queued tasks then go back to the
 * status they had before they were queued (as real servers do).
 */
const remove = handler(
  requestShape<QueuesDeleteRequest>()({ queue: v.str(), force: v.bool().default(false) }),
  (req, ctx): QueuesDeleteResponse => {
    const queue = requireQueue(ctx, req.queue);
    const entries = queueEntries(ctx, queue.id);
    if (entries.length > 0 && !req.force)
      throw new ServerError(ERRORS.queueNotEmpty, 'use force=true to delete', { id: queue.id });
    const now = ctx.now();
    for (const e of entries) {
      const task = getTask(ctx.db, ctx.identity.company, e.task);
      if (!task || task.status !== 'queued') continue;
      stmt(
        ctx.db,
        `UPDATE tasks SET status = coalesce(enqueue_status, 'created'), enqueue_status = NULL, status_reason = ?,
           status_message = '', status_changed = ?, last_update = ?, last_change = ?, last_changed_by = ? WHERE id = ?`,
      ).run('Queue was deleted', now, now, now, ctx.identity.user, task.id);
    }
    deleteQueue(ctx, queue.id);
    return { deleted: 1 };
  },
);

const TASK_IN_QUEUE_SHAPE = requestShape<QueueTaskRequest>()({ queue: v.str(), task: v.str() });

const addTask = handler(TASK_IN_QUEUE_SHAPE, (req, ctx) => {
  const queue = requireQueue(ctx, req.queue);
  requireTask(ctx, req.task);
  addEntry(ctx, queue.id, req.task);
  return { added: 1 };
});

const removeTask = handler(TASK_IN_QUEUE_SHAPE, (req, ctx) => ({
  removed: removeEntry(ctx, requireQueue(ctx, req.queue).id, req.task),
}));

/**
 * The first task in line, taken out of it in the same transaction: two agents polling together
 * never get the same task. A task stopped while it waited is queued again (real servers do so,
 * so that the worker that got it may start it). `{}` when the line is empty.
 */
const getNextTask = handler(
  requestShape<QueuesGetNextTaskRequest>()({
    queue: v.str(),
    task: v.str().opt(),
    get_task_info: v.bool().default(false),
  }),
  (req, ctx): QueuesGetNextTaskResponse => {
    const queue = requireQueue(ctx, req.queue);
    const entry = popEntry(ctx, queue.id, req.task);
    if (!entry) return {};
    const out: QueuesGetNextTaskResponse = { entry: { task: entry.task, added: isoTime(entry.added) } };
    const task = getTask(ctx.db, ctx.identity.company, entry.task);
    if (task) {
      if (task.status === 'stopped') stmt(ctx.db, `UPDATE tasks SET status = 'queued' WHERE id = ?`).run(task.id);
      if (req.get_task_info) out.task_info = { company: task.company, user: task.user };
    }
    return out;
  },
);

const QUEUE_SHAPE = requestShape<QueueRequest>()({ queue: v.str() });

const getNumEntries = handler(QUEUE_SHAPE, (req, ctx) => ({
  num: countEntries(ctx, requireQueue(ctx, req.queue).id),
}));

const peekTask = handler(QUEUE_SHAPE, (req, ctx) => ({
  task: queueEntries(ctx, requireQueue(ctx, req.queue).id, 1)[0]?.task ?? null,
}));

const MOVE_SHAPE = requestShape<QueuesMoveTaskRequest>()({
  queue: v.str(),
  task: v.str(),
  count: v.int({ min: 1 }).default(1),
});

function mover(place: (index: number, length: number, count: number) => number) {
  return handler(MOVE_SHAPE, (req, ctx): QueuesMoveTaskResponse => {
    const queue = requireQueue(ctx, req.queue);
    return { position: repositionEntry(ctx, queue.id, req.task, (i, n) => place(i, n, req.count)) };
  });
}

/** to_front / to_back take no count (their shape is the add/remove one). */
function moverTo(place: (length: number) => number) {
  return handler(TASK_IN_QUEUE_SHAPE, (req, ctx): QueuesMoveTaskResponse => {
    const queue = requireQueue(ctx, req.queue);
    return { position: repositionEntry(ctx, queue.id, req.task, (_i, n) => place(n)) };
  });
}

/**
 * Per interval with samples, the sample with the longest wait (and the queue's length then), as
 * real servers chart queues; a queue with no sample in the range has empty lists.
 */
const getQueueMetrics = handler(
  requestShape<QueuesGetQueueMetricsRequest>()({
    from_date: v.num(),
    to_date: v.num(),
    interval: v.int({ min: 1 }),
    queue_ids: v.list(v.str()).opt(),
    refresh: v.bool().default(false),
  }),
  (req, ctx): QueuesGetQueueMetricsResponse => {
    const { step, first } = chartBuckets(req.from_date, req.to_date, req.interval);
    const ids =
      req.queue_ids && req.queue_ids.length > 0
        ? req.queue_ids.map((id) => requireQueue(ctx, id).id)
        : (
            stmt(ctx.db, 'SELECT id FROM queues WHERE company = ? ORDER BY name').all(ctx.identity.company) as {
              id: string;
            }[]
          ).map((r) => r.id);
    if (req.refresh) for (const id of ids) sampleQueue(ctx, id);
    return {
      queues: ids.map((queue): QueueMetrics => {
        const samples = stmt(
          ctx.db,
          'SELECT time, length, avg_wait FROM queue_samples WHERE queue = ? AND time >= ? AND time < ? ORDER BY time',
        ).all(queue, first, req.to_date * 1000) as { time: number; length: number; avg_wait: number }[];
        const top = new Map<number, { length: number; avg_wait: number }>();
        for (const s of samples) {
          const bucket = Math.floor(s.time / step) * step;
          const best = top.get(bucket);
          if (!best || s.avg_wait > best.avg_wait || (s.avg_wait === best.avg_wait && s.length > best.length))
            top.set(bucket, s);
        }
        const dates = [...top.keys()];
        return {
          queue,
          dates,
          avg_waiting_times: dates.map((d) => top.get(d)?.avg_wait ?? 0),
          queue_lengths: dates.map((d) => top.get(d)?.length ?? 0),
        };
      }),
    };
  },
);

export const queuesHandlers: ServedHandlersOf<
  | 'queues.get_all'
  | 'queues.get_all_ex'
  | 'queues.get_by_id'
  | 'queues.get_default'
  | 'queues.create'
  | 'queues.delete'
  | 'queues.add_task'
  | 'queues.remove_task'
  | 'queues.get_next_task'
  | 'queues.get_num_entries'
  | 'queues.peek_task'
  | 'queues.move_task_forward'
  | 'queues.move_task_backward'
  | 'queues.move_task_to_front'
  | 'queues.move_task_to_back'
  | 'queues.get_queue_metrics'
> = {
  'queues.get_all': queueList(false),
  'queues.get_all_ex': queueList(true),
  'queues.get_by_id': getById,
  'queues.get_default': getDefault,
  'queues.create': create,
  'queues.delete': remove,
  'queues.add_task': addTask,
  'queues.remove_task': removeTask,
  'queues.get_next_task': getNextTask,
  'queues.get_num_entries': getNumEntries,
  'queues.peek_task': peekTask,
  'queues.move_task_forward': mover((i, _n, count) => i - count),
  'queues.move_task_backward': mover((i, _n, count) => i + count),
  'queues.move_task_to_front': moverTo(() => 0),
  'queues.move_task_to_back': moverTo((n) => n - 1),
  'queues.get_queue_metrics': getQueueMetrics,
};
