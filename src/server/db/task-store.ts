// Task rows: lookups that answer 400/101 for unknown ids, creation, and the status machine
// real servers use for tasks.* status calls.
import { ERRORS } from '../../wire/errors.js';
import type { RequestContext } from '../handlers/handler-types.js';
import type { Db } from './db.js';
import { normaliseTags, type TaskRow } from './entities.js';
import { ServerError } from '../http/errors.js';
import { newId } from './ids.js';
import { stmt } from './statements.js';
import { isoTime } from './time.js';

export function getTask(db: Db, company: string, id: string): TaskRow | undefined {
  return stmt(db, 'SELECT * FROM tasks WHERE id = ? AND company = ?').get(id, company) as TaskRow | undefined;
}

export function requireTask(ctx: RequestContext, id: string): TaskRow {
  const row = getTask(ctx.db, ctx.identity.company, id);
  if (!row) throw new ServerError(ERRORS.invalidTaskId, undefined, { id, company: ctx.identity.company });
  return row;
}

interface NewTask {
  name: string;
  type: string;
  project: string | null;
  comment?: string;
  tags?: string[];
  systemTags?: string[];
  parent?: string | null;
  report?: string | null;
  reportAssets?: string[] | null;
}

export function insertTask(ctx: RequestContext, t: NewTask): string {
  const id = newId();
  const now = ctx.now();
  stmt(
    ctx.db,
    `INSERT INTO tasks (id, company, user, name, type, status, comment, project, parent, tags, system_tags, report,
       report_assets, created, last_update, last_change, last_changed_by)
     VALUES (?, ?, ?, ?, ?, 'created', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    ctx.identity.company,
    ctx.identity.user,
    t.name,
    t.type,
    t.comment ?? '',
    t.project,
    t.parent ?? null,
    JSON.stringify(normaliseTags(t.tags)),
    JSON.stringify(normaliseTags(t.systemTags)),
    t.report ?? null,
    t.reportAssets ? JSON.stringify(t.reportAssets) : null,
    now,
    now,
    now,
    ctx.identity.user,
  );
  return id;
}

/**
 * Allowed status changes of real servers (same-status changes are allowed too). A stopped or
 * failed task may be queued again, and a queued one stopped (tasks.stop takes it out of line).
 */
const STATE_MACHINE: Record<string, readonly string[]> = {
  created: ['queued', 'in_progress'],
  queued: ['created', 'in_progress', 'stopped'],
  in_progress: ['stopped', 'failed', 'created', 'completed'],
  stopped: ['closed', 'created', 'failed', 'queued', 'in_progress', 'published', 'publishing', 'completed'],
  closed: ['created', 'failed', 'published', 'publishing', 'stopped'],
  failed: ['created', 'stopped', 'published', 'queued'],
  publishing: ['published'],
  published: [],
  completed: ['published', 'in_progress', 'created'],
  unknown: [],
};

export interface StatusChange {
  status: string;
  force: boolean;
  statusReason: string;
  statusMessage: string;
  /** Extra date columns set to now (`started`, `completed`, `published`). */
  stampDates?: readonly ('started' | 'completed' | 'published')[];
}

/** Applies a status change; `{updated, fields}` as real servers answer it. */
export function changeTaskStatus(
  ctx: RequestContext,
  task: TaskRow,
  change: StatusChange,
): { updated: number; fields: Record<string, unknown> } {
  if (!change.force && change.status !== task.status && !(STATE_MACHINE[task.status] ?? []).includes(change.status))
    throw new ServerError(ERRORS.invalidTaskStatus, 'Invalid status change', {
      current_status: task.status,
      new_status: change.status,
    });
  const now = ctx.now();
  const dates = change.stampDates ?? [];
  const sets = [
    'status = ?',
    'status_reason = ?',
    'status_message = ?',
    'status_changed = ?',
    'last_update = ?',
    'last_change = ?',
    'last_changed_by = ?',
  ];
  const params: unknown[] = [
    change.status,
    change.statusReason,
    change.statusMessage,
    now,
    now,
    now,
    ctx.identity.user,
  ];
  for (const d of dates) {
    sets.push(`${d} = ?`);
    params.push(now);
  }
  const updated = stmt(ctx.db, `UPDATE tasks SET ${sets.join(', ')} WHERE id = ?`).run(...params, task.id).changes;
  const fields: Record<string, unknown> = {
    status: change.status,
    status_reason: change.statusReason,
    status_message: change.statusMessage,
    status_changed: isoTime(now),
    last_update: isoTime(now),
    last_change: isoTime(now),
    last_changed_by: ctx.identity.user,
  };
  for (const d of dates) fields[d] = isoTime(now);
  return { updated, fields };
}
