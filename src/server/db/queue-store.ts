// Queues and the tasks waiting in them, in line order (migration 8), with real servers' rules:
// a task waits at most once in a queue, the first in line is popped atomically (every handler
// runs in one transaction, src/server/http/app.ts), and every change of a queue's line samples
// its length and mean wait for queues.get_queue_metrics (kept a day).
import { ERRORS } from '../../wire/errors.js';
import type { RequestContext } from '../handlers/handler-types.js';
import { normaliseTags, parseList, type EntityRow } from './entities.js';
import { isoTime } from './time.js';
import { ServerError } from '../http/errors.js';
import { newId } from './ids.js';
import { stmt } from './statements.js';

export type QueueRow = EntityRow;

interface EntryRow {
  task: string;
  added: number;
  position: number;
}

/** The system tag of the queue tasks go to when none is named (queues.get_default). */
const DEFAULT_QUEUE_TAG = 'default';
/** How long queue samples and worker reports are kept. */
export const CLUSTER_HISTORY_MS = 24 * 3600_000;
/** Entries one queue shows in an answer (its first ones): keeps answers bounded. */
export const MAX_ENTRIES_ANSWERED = 10_000;
/** A queue whose line did not change is sampled at most this often (agents poll every 5 s). */
const SAMPLE_EVERY_MS = 60_000;

function getQueue(ctx: RequestContext, id: string): QueueRow | undefined {
  return stmt(ctx.db, 'SELECT * FROM queues WHERE id = ? AND company = ?').get(id, ctx.identity.company) as
    QueueRow | undefined;
}

export function findQueueByName(ctx: RequestContext, name: string): QueueRow | undefined {
  return stmt(ctx.db, 'SELECT * FROM queues WHERE name = ? AND company = ?').get(name, ctx.identity.company) as
    QueueRow | undefined;
}

/** The queue or a 400/701; a queue's name where its id belongs is named as such. */
export function requireQueue(ctx: RequestContext, id: string): QueueRow {
  const row = getQueue(ctx, id);
  if (row) return row;
  const named = findQueueByName(ctx, id);
  if (named)
    throw new ServerError(
      ERRORS.invalidQueueId,
      `"${id}" is a queue's name, not its id; its id is ${named.id} (queues.get_all with name finds ids by name)`,
    );
  throw new ServerError(ERRORS.invalidQueueId, undefined, { id });
}

export function insertQueue(
  ctx: RequestContext,
  name: string,
  tags: readonly string[] = [],
  systemTags: readonly string[] = [],
): string {
  if (findQueueByName(ctx, name))
    throw new ServerError(ERRORS.expectedUniqueData, `a queue named "${name}" exists already`, { name });
  const id = newId();
  const now = ctx.now();
  stmt(
    ctx.db,
    `INSERT INTO queues (id, company, user, name, tags, system_tags, created, last_update) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    ctx.identity.company,
    ctx.identity.user,
    name,
    JSON.stringify(normaliseTags([...tags])),
    JSON.stringify(normaliseTags([...systemTags])),
    now,
    now,
  );
  return id;
}

/** The queue tagged `default`: 400/707 when none is, 400/708 when several are. */
export function defaultQueue(ctx: RequestContext): QueueRow {
  const rows = stmt(
    ctx.db,
    `SELECT q.* FROM queues q WHERE q.company = ? AND EXISTS (SELECT 1 FROM json_each(q.system_tags) WHERE value = ?)`,
  ).all(ctx.identity.company, DEFAULT_QUEUE_TAG) as QueueRow[];
  if (rows.length === 0) throw new ServerError(ERRORS.noDefaultQueue);
  if (rows.length > 1)
    throw new ServerError(ERRORS.multipleDefaultQueues, undefined, { queues: rows.map((r) => r.id) });
  return rows[0] as QueueRow;
}

/** The queue's waiting tasks, first in line first (`limit` of them when given). */
export function queueEntries(ctx: RequestContext, queue: string, limit = -1): EntryRow[] {
  return stmt(ctx.db, 'SELECT task, added, position FROM queue_entries WHERE queue = ? ORDER BY position LIMIT ?').all(
    queue,
    limit,
  ) as EntryRow[];
}

export function countEntries(ctx: RequestContext, queue: string): number {
  return (stmt(ctx.db, 'SELECT count(*) AS n FROM queue_entries WHERE queue = ?').get(queue) as { n: number }).n;
}

function touch(ctx: RequestContext, queue: string): void {
  stmt(ctx.db, 'UPDATE queues SET last_update = ? WHERE id = ?').run(ctx.now(), queue);
}

/** Records the queue's length and its tasks' mean wait, unless an equal sample is recent. */
export function sampleQueue(ctx: RequestContext, queue: string): void {
  const now = ctx.now();
  const { n, waited } = stmt(
    ctx.db,
    'SELECT count(*) AS n, coalesce(sum(? - added), 0) AS waited FROM queue_entries WHERE queue = ?',
  ).get(now, queue) as { n: number; waited: number };
  const last = stmt(ctx.db, 'SELECT time, length FROM queue_samples WHERE queue = ? ORDER BY time DESC LIMIT 1').get(
    queue,
  ) as { time: number; length: number } | undefined;
  if (last && last.length === n && now - last.time < SAMPLE_EVERY_MS) return;
  stmt(ctx.db, 'INSERT INTO queue_samples (queue, time, length, avg_wait) VALUES (?, ?, ?, ?)').run(
    queue,
    now,
    n,
    n === 0 ? 0 : waited / n / 1000,
  );
  stmt(ctx.db, 'DELETE FROM queue_samples WHERE queue = ? AND time < ?').run(queue, now - CLUSTER_HISTORY_MS);
}

/** Puts the task last in line; 400/706 when it already waits there. */
export function addEntry(ctx: RequestContext, queue: string, task: string): void {
  const there = stmt(ctx.db, 'SELECT 1 FROM queue_entries WHERE queue = ? AND task = ?').get(queue, task);
  if (there) throw new ServerError(ERRORS.taskAlreadyQueued, undefined, { task });
  stmt(
    ctx.db,
    `INSERT INTO queue_entries (queue, task, added, position)
     VALUES (?, ?, ?, (SELECT coalesce(max(position), -1) + 1 FROM queue_entries WHERE queue = ?))`,
  ).run(queue, task, ctx.now(), queue);
  touch(ctx, queue);
  sampleQueue(ctx, queue);
}

/** Takes the first in line out (only when it is `onlyTask`, if given). */
export function popEntry(ctx: RequestContext, queue: string, onlyTask?: string): EntryRow | undefined {
  const [first] = queueEntries(ctx, queue, 1);
  if (first && (onlyTask === undefined || first.task === onlyTask)) {
    stmt(ctx.db, 'DELETE FROM queue_entries WHERE queue = ? AND task = ?').run(queue, first.task);
    touch(ctx, queue);
  }
  sampleQueue(ctx, queue);
  if (!first || (onlyTask !== undefined && first.task !== onlyTask)) return undefined;
  return first;
}

/** Takes the task out of the queue's line; 400/703 when it does not wait there. */
export function removeEntry(ctx: RequestContext, queue: string, task: string): number {
  const removed = stmt(ctx.db, 'DELETE FROM queue_entries WHERE queue = ? AND task = ?').run(queue, task).changes;
  if (removed === 0) throw new ServerError(ERRORS.invalidQueueOrTaskNotQueued, undefined, { task, queue });
  touch(ctx, queue);
  sampleQueue(ctx, queue);
  return removed;
}

/** Takes the task out of every queue (but `except`); the number of queues it left. */
export function removeFromAllQueues(ctx: RequestContext, task: string, except?: string): number {
  const queues = stmt(
    ctx.db,
    `SELECT e.queue FROM queue_entries e JOIN queues q ON q.id = e.queue WHERE e.task = ? AND q.company = ?`,
  ).all(task, ctx.identity.company) as { queue: string }[];
  let left = 0;
  for (const { queue } of queues) {
    if (queue === except) continue;
    removeEntry(ctx, queue, task);
    left += 1;
  }
  return left;
}

/**
 * Moves the task in the line to where `place` puts it (given its index and the line's length,
 * clamped into the line); its new index, 0 first. 400/703 when it does not wait there.
 */
export function repositionEntry(
  ctx: RequestContext,
  queue: string,
  task: string,
  place: (index: number, length: number) => number,
): number {
  const tasks = queueEntries(ctx, queue).map((e) => e.task);
  const index = tasks.indexOf(task);
  if (index < 0) throw new ServerError(ERRORS.invalidQueueOrTaskNotQueued, undefined, { task, queue });
  const target = Math.min(Math.max(place(index, tasks.length), 0), tasks.length - 1);
  if (target === index) return index;
  tasks.splice(index, 1);
  tasks.splice(target, 0, task);
  const update = stmt(ctx.db, 'UPDATE queue_entries SET position = ? WHERE queue = ? AND task = ?');
  tasks.forEach((t, i) => update.run(i, queue, t));
  touch(ctx, queue);
  return target;
}

export function deleteQueue(ctx: RequestContext, queue: string): void {
  stmt(ctx.db, 'DELETE FROM queue_entries WHERE queue = ?').run(queue);
  stmt(ctx.db, 'DELETE FROM queue_samples WHERE queue = ?').run(queue);
  stmt(ctx.db, 'DELETE FROM queues WHERE id = ?').run(queue);
}

/** The queue names of ids (unknown ids left out). */
export function queueNames(ctx: RequestContext, ids: readonly string[]): Map<string, string> {
  const rows = stmt(
    ctx.db,
    'SELECT id, name FROM queues WHERE company = ? AND id IN (SELECT value FROM json_each(?))',
  ).all(ctx.identity.company, JSON.stringify(ids)) as { id: string; name: string }[];
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A queue's document without its entries (the handlers add them). */
export function queueToJson(row: QueueRow): Record<string, unknown> {
  const doc: Record<string, unknown> = {
    id: row.id,
    name: row.name,
    company: { id: row.company },
    created: isoTime(row.created),
    last_update: isoTime(row.last_update),
    tags: parseList(row.tags),
    system_tags: parseList(row.system_tags),
    metadata: {},
  };
  if (row.user) doc.user = { id: row.user };
  return doc;
}
