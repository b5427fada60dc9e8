// The tasks and models events belong to: existence and visibility checks for reads, and the
// write/lock rules of docs/wire-facts.md §4.3 and §5.
import { ERRORS } from '../../../wire/errors.js';
import type { RequestContext } from '../../handlers/handler-types.js';
import { formatErrorMessage, ServerError } from '../../http/errors.js';
import { stmt } from '../../db/statements.js';

export interface Owner {
  id: string;
  name: string;
  company: string;
  /** Task status; models have none. */
  status: string | undefined;
  /** published/publishing task, or ready model. */
  locked: boolean;
  last_metrics: string;
  metric_stats: string;
}

interface OwnerRowDb {
  id: string;
  name: string;
  company: string;
  status?: string;
  ready?: number;
  last_metrics: string;
  metric_stats: string;
}

function toOwner(row: OwnerRowDb, model: boolean): Owner {
  return {
    id: row.id,
    name: row.name,
    company: row.company,
    status: model ? undefined : row.status,
    locked: model ? row.ready === 1 : row.status === 'published' || row.status === 'publishing',
    last_metrics: row.last_metrics,
    metric_stats: row.metric_stats,
  };
}

/** Rows of the given ids (any company); unknown ids are absent from the map. */
export function loadOwners(ctx: RequestContext, ids: readonly string[], model: boolean): Map<string, Owner> {
  const sql = model
    ? 'SELECT id, name, company, ready, last_metrics, metric_stats FROM models WHERE id IN (SELECT value FROM json_each(?))'
    : 'SELECT id, name, company, status, last_metrics, metric_stats FROM tasks WHERE id IN (SELECT value FROM json_each(?))';
  const rows = stmt(ctx.db, sql).all(JSON.stringify([...new Set(ids)])) as OwnerRowDb[];
  return new Map(rows.map((r) => [r.id, toOwner(r, model)]));
}

function visible(ctx: RequestContext, owner: Owner): boolean {
  // Public (company-less) tasks and models are readable by everyone.
  return owner.company === ctx.identity.company || owner.company === '';
}

function unknownIds(model: boolean, ids: string[]): ServerError {
  return new ServerError(model ? ERRORS.invalidModelId : ERRORS.invalidTaskId, undefined, { ids });
}

/** Every id must be a task (model) of the caller's company or public: else 400/101 (400/201). */
export function readableOwners(ctx: RequestContext, ids: readonly string[], model: boolean): Map<string, Owner> {
  const found = loadOwners(ctx, ids, model);
  const missing = [...new Set(ids)].filter((id) => {
    const o = found.get(id);
    return o === undefined || !visible(ctx, o);
  });
  if (missing.length > 0) throw unknownIds(model, missing);
  return found;
}

export function readableOwner(ctx: RequestContext, id: string, model: boolean): Owner {
  const owner = readableOwners(ctx, [id], model).get(id);
  if (!owner) throw unknownIds(model, [id]);
  return owner;
}

/**
 * For deleting events: the owner must be in the caller's company (400/101 / 400/201), not
 * public (403/21), and not locked unless allow_locked (400/101 / 400/201).
 */
export function deletableOwner(ctx: RequestContext, id: string, model: boolean, allowLocked: boolean): Owner {
  const owner = loadOwners(ctx, [id], model).get(id);
  if (!owner || (owner.company !== ctx.identity.company && owner.company !== '')) {
    throw model
      ? new ServerError(ERRORS.invalidModelId, undefined, { id })
      : new ServerError(ERRORS.invalidTaskId, undefined, { id });
  }
  if (owner.company === '') {
    throw new ServerError(ERRORS.noWritePermission, `${model ? 'model' : 'task'} is public`, { id });
  }
  if (owner.locked && !allowLocked) {
    // Real servers send this text alone as the message (docs/wire-facts.md §4.3).
    const fields = { company: owner.company, id };
    throw model
      ? ServerError.withMessage(
          ERRORS.invalidModelId,
          formatErrorMessage('Cannot update events for a published model', undefined, fields),
        )
      : ServerError.withMessage(
          ERRORS.invalidTaskId,
          formatErrorMessage('Cannot update events for a published task', undefined, fields),
        );
  }
  return owner;
}
