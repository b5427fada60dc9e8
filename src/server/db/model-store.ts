// Model rows: lookups that answer 400/201 for unknown ids, creation, field updates with their
// last_update stamp, and the metadata map (list in requests, keyed by `key` when stored).
import { ERRORS } from '../../wire/errors.js';
import type { MetadataItem } from '../../wire/models.js';
import type { RequestContext } from '../handlers/handler-types.js';
import { type ColumnsUpdated, type ColumnValues, sqlValue, updateColumns } from './column-values.js';
import { parseObject, type ModelRow } from './entities.js';
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

/** A new model of the caller's company; `values` are columns besides the stamps. */
export function insertModel(ctx: RequestContext, values: ColumnValues & { name: string }): string {
  const id = newId();
  const now = ctx.now();
  const row: ColumnValues = {
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

/** Updates the given columns (names come from code, never from requests) and last_update. */
export function updateModelFields(ctx: RequestContext, model: ModelRow, values: ColumnValues): ColumnsUpdated {
  const now = ctx.now();
  const updated = updateColumns(ctx.db, 'models', model.id, values, { last_update: now });
  return { updated, fields: { ...values, last_update: isoTime(now) } };
}

/** The stored metadata map of a model ({} when unset). */
export function modelMetadata(model: ModelRow): Record<string, MetadataItem> {
  return parseObject(model.metadata) as Record<string, MetadataItem>;
}

/** Metadata items as stored: keyed by `key` (items without a key are refused by validation). */
export function metadataMap(items: readonly MetadataItem[], base: Record<string, MetadataItem> = {}) {
  const out: Record<string, MetadataItem> = { ...base };
  for (const item of items) if (item.key !== undefined) out[item.key] = item;
  return out;
}
