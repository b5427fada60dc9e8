// Keyset-paged row sources over the three event tables, in iteration (or timestamp) order.
import type { Db } from '../../db/db.js';
import { stmt } from '../../db/statements.js';
import { iterParam } from './event-types.js';
import { chunkedSource, type RowSource } from './ordered-merge.js';

export interface ScalarRow {
  iter: number;
  ikey: string;
  value: number;
  timestamp: number;
  written: number;
  worker: string;
  extra: string | null;
}

/** The columns of a DocRow, as selected from the events table. */
export const DOC_COLUMNS = 'seq, iter, ikey, timestamp, written, worker, url, extra';

export interface DocRow {
  seq: number;
  iter: number;
  ikey: string;
  timestamp: number;
  written: number;
  worker: string;
  url: string | null;
  extra: string | null;
}

export interface LogRow {
  seq: number;
  series: number;
  iter: number;
  timestamp: number;
  written: number;
  worker: string;
  level: string | null;
  msg: string | null;
  extra: string | null;
}

type Mode = 'start' | 'after-key' | 'continue';

function keysetSql(select: string, where: string, orderCols: readonly string[], desc: boolean, mode: Mode): string {
  const op = desc ? '<' : '>';
  let cond = where;
  if (mode === 'after-key') cond += ` AND ${orderCols[0]} ${op} ?`;
  if (mode === 'continue') cond += ` AND (${orderCols.join(', ')}) ${op} (${orderCols.map(() => '?').join(', ')})`;
  const order = orderCols.map((c) => (desc ? `${c} DESC` : c)).join(', ');
  return `${select} WHERE ${cond} ORDER BY ${order} LIMIT ?`;
}

type ScalarOrder = 'iter' | 'timestamp';

/** Scalars of one series by iter (the table's own order) or by timestamp. */
export function scalarSource(
  db: Db,
  series: number,
  order: ScalarOrder,
  desc: boolean,
  afterKey: number | undefined,
): RowSource<ScalarRow> {
  const select = 'SELECT iter, ikey, value, timestamp, written, worker, extra FROM scalar_events';
  const cols = order === 'iter' ? ['iter', 'ikey'] : ['timestamp', 'iter', 'ikey'];
  return chunkedSource<ScalarRow>((after, limit) => {
    if (after) {
      const keys =
        order === 'iter' ? [iterParam(after.iter), after.ikey] : [after.timestamp, iterParam(after.iter), after.ikey];
      return stmt(db, keysetSql(select, 'series = ?', cols, desc, 'continue')).all(
        series,
        ...keys,
        limit,
      ) as ScalarRow[];
    }
    if (afterKey !== undefined)
      return stmt(db, keysetSql(select, 'series = ?', cols, desc, 'after-key')).all(
        series,
        order === 'iter' ? iterParam(afterKey) : afterKey,
        limit,
      ) as ScalarRow[];
    return stmt(db, keysetSql(select, 'series = ?', cols, desc, 'start')).all(series, limit) as ScalarRow[];
  });
}

/** Vectors, images or plots of one series by iter. */
export function docSource(db: Db, series: number, desc: boolean, afterKey: number | undefined): RowSource<DocRow> {
  const select = 'SELECT seq, iter, ikey, timestamp, written, worker, url, extra FROM doc_events';
  const cols = ['iter', 'ikey'];
  return chunkedSource<DocRow>((after, limit) => {
    if (after)
      return stmt(db, keysetSql(select, 'series = ?', cols, desc, 'continue')).all(
        series,
        iterParam(after.iter),
        after.ikey,
        limit,
      ) as DocRow[];
    if (afterKey !== undefined)
      return stmt(db, keysetSql(select, 'series = ?', cols, desc, 'after-key')).all(
        series,
        iterParam(afterKey),
        limit,
      ) as DocRow[];
    return stmt(db, keysetSql(select, 'series = ?', cols, desc, 'start')).all(series, limit) as DocRow[];
  });
}
