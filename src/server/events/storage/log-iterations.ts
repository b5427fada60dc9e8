// Reads and upkeep of log_iterations (schema v5, written at ingest by IterationSpans in
// log-store.ts): reads by iteration walk this small table in order and read each iteration's
// logs as a timestamp range of log_events itself, with no per-line index.
import type { Db } from '../../db/db.js';
import { stmt } from '../../db/statements.js';
import { iterParam } from './event-types.js';
import type { LogRow } from './event-sources.js';
import { LOG_OWNER, LOG_ROW_COLUMNS } from './log-store.js';
import { chunkedSource, type RowSource } from './ordered-merge.js';
import { pluckStmt, rawStmt } from './prepared.js';

/** Recomputes the spans of some of an owner's series from its logs (after logs were deleted). */
export function rebuildIterationSpans(db: Db, owner: string, seriesIds: readonly number[]): void {
  const ids = JSON.stringify(seriesIds);
  stmt(db, `DELETE FROM log_iterations WHERE owner = ${LOG_OWNER} AND series IN (SELECT value FROM json_each(?))`).run(
    owner,
    ids,
  );
  stmt(
    db,
    `INSERT INTO log_iterations (owner, iter, series, first_timestamp, last_timestamp)
     SELECT owner, iter, series, min(timestamp), max(timestamp) FROM log_events
     WHERE owner = ${LOG_OWNER} AND series IN (SELECT value FROM json_each(?)) GROUP BY iter, series`,
  ).run(owner, ids);
}

export function deleteIterationSpans(db: Db, owner: string): void {
  stmt(db, `DELETE FROM log_iterations WHERE owner = ${LOG_OWNER}`).run(owner);
}

/** The highest iteration of the owner's logs (NO_ITER included), or null without logs. */
export function lastLogIteration(db: Db, owner: string): number | null {
  return pluckStmt(db, `SELECT max(iter) FROM log_iterations WHERE owner = ${LOG_OWNER}`).get(owner) as number | null;
}

/** Whether the log series has a log at a real iteration (above the single-value one). */
export function logSeriesHasIterations(db: Db, owner: string, series: number): boolean {
  return (
    stmt(
      db,
      `SELECT 1 FROM log_iterations WHERE owner = ${LOG_OWNER} AND iter > -2147483648 AND series = ? LIMIT 1`,
    ).get(owner, series) !== undefined
  );
}

const ITERATIONS_PER_READ = 64;

/**
 * Logs of one owner (restricted to some of its log series) by iter, then timestamp, then seq,
 * ascending or descending, starting after iteration `afterKey` when given.
 */
export function logIterSource(
  db: Db,
  owner: string,
  seriesIds: readonly number[],
  desc: boolean,
  afterKey: number | undefined,
): RowSource<LogRow> {
  const ownerId = pluckStmt(db, 'SELECT id FROM event_owners WHERE owner = ?').get(owner) as number | undefined;
  const ids = JSON.stringify(seriesIds);
  const op = desc ? '<' : '>';
  const dir = desc ? 'DESC' : '';
  const inSeries = 'series IN (SELECT value FROM json_each(?))';
  const iterations = (from: number | undefined) =>
    rawStmt(
      db,
      `SELECT iter, min(first_timestamp), max(last_timestamp) FROM log_iterations
       WHERE owner = ? AND ${inSeries}${from === undefined ? '' : ` AND iter ${op} ?`}
       GROUP BY iter ORDER BY iter ${dir} LIMIT ?`,
    ).all(ownerId, ids, ...(from === undefined ? [] : [iterParam(from)]), ITERATIONS_PER_READ) as [
      number,
      number,
      number,
    ][];
  const logsOf = (iter: number, first: number, last: number, after: LogRow | undefined, limit: number) =>
    stmt(
      db,
      `SELECT ${LOG_ROW_COLUMNS} FROM log_events
       WHERE owner = ? AND timestamp BETWEEN ? AND ?${after === undefined ? '' : ` AND (timestamp, seq) ${op} (?, ?)`}
         AND iter = ? AND ${inSeries}
       ORDER BY timestamp ${dir}, seq ${dir} LIMIT ?`,
    ).all(
      ownerId,
      first,
      last,
      ...(after === undefined ? [] : [after.timestamp, after.seq]),
      iterParam(iter),
      ids,
      limit,
    ) as LogRow[];

  return chunkedSource<LogRow>((after, limit) => {
    if (ownerId === undefined) return [];
    const out: LogRow[] = [];
    let from = afterKey;
    if (after !== undefined) {
      // Finish the iteration the previous read stopped in.
      const span = rawStmt(
        db,
        `SELECT min(first_timestamp), max(last_timestamp) FROM log_iterations WHERE owner = ? AND iter = ? AND ${inSeries}`,
      ).get(ownerId, iterParam(after.iter), ids) as [number | null, number | null];
      if (span[0] !== null && span[1] !== null)
        for (const r of logsOf(after.iter, span[0], span[1], after, limit)) out.push(r);
      from = after.iter;
    }
    while (out.length < limit) {
      const found = iterations(from);
      for (const [iter, first, last] of found) {
        for (const r of logsOf(iter, first, last, undefined, limit - out.length)) out.push(r);
        from = iter;
        if (out.length >= limit) break;
      }
      if (found.length < ITERATIONS_PER_READ) break;
    }
    return out;
  });
}
