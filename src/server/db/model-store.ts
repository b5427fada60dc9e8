// Model rows: lookups that answer 400/201 for unknown ids, creation, field updates with their
// last_update stamp, and the metadata map (list in requests, keyed by `key` when stored).
import { ERRORS } from '../../wire/errors.js';
import type { MetadataItem } from '../../wire/models.js';
import type { RequestContext } from '../handlers/handler-types.js';
import type { ModelRow } from './entities.js';
import { ServerError } from '../http/errors.js';
import { newId } from './ids.js';
import { stmt } from './statements.js';
import { isoTime } from './time.js';

export function getModel(ctx: RequestContext, id: string): ModelRow | undefined {
  return stmt(ctx.db, 'SELECT * FROM models WHERE id = ? AND company = ?').get(id, ctx.identity.company) as
    ModelRow | undefined;
}

export function requireModel(ctx: RequestContext, id: string): ModelRow {
  const row = getModel(ctx, id);
  if (!row) throw new ServerError(ERRORS.invalidModelId, undefined, { id, company: ctx.identity.company });
  return row;
}

/** Column values to write: text, numbers, null, or objects/lists stored as JSON text. */
export type ModelValues = Record<string, string | number | null | readonly unknown[] | Record<string, unknown>>;

/** A new model of the caller's company; `values` are columns besides the stamps. */
export function insertModel(ctx: RequestContext, values: ModelValues & { name: string }): string {
  const id = newId();
  const now = ctx.now();
  const row: ModelValues = {
    ...values,
    id,
    company: ctx.identity.company,
    user: ctx.identity.user,
    created: now,
    last_update: now,
  };
  const columns = Object.keys(row);
  stmt(ctx.db, `INSERT INTO models (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).run(
    ...columns.map((c) => sqlValue(row[c])),
  );
  return id;
}

function sqlValue(value: ModelValues[string] | undefined): unknown {
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : value;
}

/** Updates the given columns (names come from code, never from requests) and last_update. */
export function updateModelFields(
  ctx: RequestContext,
  model: ModelRow,
  values: ModelValues,
): { updated: number; fields: Record<string, unknown> } {
  const now = ctx.now();
  const entries = Object.entries(values);
  const sets = [...entries.map(([column]) => `${column} = ?`), 'last_update = ?'];
  const params = [...entries.map(([, value]) => sqlValue(value)), now];
  const updated = stmt(ctx.db, `UPDATE models SET ${sets.join(', ')} WHERE id = ?`).run(...params, model.id).changes;
  return { updated, fields: { ...values, last_update: isoTime(now) } };
}

/** The stored metadata map of a model ({} when unset). */
export function modelMetadata(model: ModelRow): Record<string, MetadataItem> {
  if (!model.metadata) return {};
  try {
    const value = JSON.parse(model.metadata) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, MetadataItem>)
      : {};
  } catch {
    return {};
  }
}

/** Metadata items as stored: keyed by `key` (items without a key are refused by validation). */
export function metadataMap(items: readonly MetadataItem[], base: Record<string, MetadataItem> = {}) {
  const out: Record<string, MetadataItem> = { ...base };
  for (const item of items) if (item.key !== undefined) out[item.key] = item;
  return out;
}
