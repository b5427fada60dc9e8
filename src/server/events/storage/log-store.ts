// The v4 log layout (see schema.ts): integer owners and strings, and the per-owner `seq` that
// orders logs sharing a timestamp. Every read and write of log_events goes through these.
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/db.js';
import { stmt } from '../../db/statements.js';
import type { PendingEvent } from '../handlers/normalize-event.js';
import { pluckStmt, rawStmt } from './prepared.js';

/** SQL for the integer owner of a task id given as a parameter. */
export const LOG_OWNER = '(SELECT id FROM event_owners WHERE owner = ?)';

/** A log row in the shape of the v2 columns, the strings decoded (for the less hot readers). */
export const LOG_ROW_COLUMNS = `seq, series, iter, timestamp, timestamp + written_after AS written,
  (SELECT text FROM event_strings WHERE id = worker) AS worker,
  (SELECT text FROM event_strings WHERE id = level) AS level, msg, extra`;

const strings = new WeakMap<Db, Map<number, string>>();

/** The text of an event_strings id. Ids are never reused, so a cache per database is safe. */
export function stringText(db: Db, id: number): string {
  let cache = strings.get(db);
  if (!cache) strings.set(db, (cache = new Map()));
  let text = cache.get(id);
  if (text === undefined) {
    text = pluckStmt(db, 'SELECT text FROM event_strings WHERE id = ?').get(id) as string | undefined;
    if (text === undefined) throw new Error(`event_strings has no id ${id}`);
    cache.set(id, text);
  }
  return text;
}

interface Span {
  owner: number;
  iter: number | bigint;
  series: number;
  first: number;
  last: number;
}

/**
 * Gathers the (owner, iter, series) spans of one batch's logs for log_iterations (one row per
 * iteration of a log series, with its first and last timestamp); `flush` writes them.
 */
export class IterationSpans {
  private readonly spans = new Map<string, Span>();
  /** The span of the previous log: consecutive logs usually share it, so no map lookup. */
  private current: Span | undefined;
  private readonly upsert: Statement;

  constructor(db: Db) {
    this.upsert = stmt(
      db,
      `INSERT INTO log_iterations (owner, iter, series, first_timestamp, last_timestamp) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (owner, iter, series) DO UPDATE SET
         first_timestamp = min(first_timestamp, excluded.first_timestamp),
         last_timestamp = max(last_timestamp, excluded.last_timestamp)`,
    );
  }

  add(owner: number, iter: number | bigint, series: number, timestamp: number): void {
    let span = this.current;
    if (span === undefined || span.owner !== owner || span.iter !== iter || span.series !== series) {
      const key = `${owner} ${iter} ${series}`;
      span = this.spans.get(key);
      if (span === undefined) this.spans.set(key, (span = { owner, iter, series, first: timestamp, last: timestamp }));
      this.current = span;
    }
    if (timestamp < span.first) span.first = timestamp;
    else if (timestamp > span.last) span.last = timestamp;
  }

  flush(): void {
    for (const s of this.spans.values()) this.upsert.run(s.owner, s.iter, s.series, s.first, s.last);
    this.spans.clear();
    this.current = undefined;
  }
}

interface OwnerTail {
  id: number;
  /** Newest timestamp of the owner's logs, and the highest seq at it. */
  timestamp: number;
  seq: number;
}

const INSERT_COLUMNS = '(owner, timestamp, seq, series, iter, written_after, worker, level, msg, extra)';
const COLUMN_COUNT = 10;
/** Logs per multi-row INSERT: one call into SQLite for this many logs costs less than one each. */
const ROWS_PER_INSERT = 64;

function insertRows(db: Db, rows: number): Statement {
  const row = `(${new Array<string>(COLUMN_COUNT).fill('?').join(', ')})`;
  return stmt(db, `INSERT INTO log_events ${INSERT_COLUMNS} VALUES ${new Array<string>(rows).fill(row).join(', ')}`);
}

/**
 * Writes the logs of one add_batch call (inside its transaction). Rows wait in `pending` until
 * a multi-row INSERT is full; `finish` writes the rest.
 */
export class LogWriter {
  private readonly owners = new Map<string, OwnerTail>();
  private readonly codes = new Map<string, number>();
  private readonly insertOne: Statement;
  private readonly insertMany: Statement;
  private readonly pending = new Array<unknown>(ROWS_PER_INSERT * COLUMN_COUNT);
  private pendingValues = 0;
  private readonly spans: IterationSpans;

  constructor(private readonly db: Db) {
    this.spans = new IterationSpans(db);
    this.insertOne = insertRows(db, 1);
    this.insertMany = insertRows(db, ROWS_PER_INSERT);
  }

  /** Stores a log event of `series`, its iteration bound as iterParam gives it, written at `written`. */
  write(ev: PendingEvent, series: number, iter: number | bigint, written: number): void {
    const { timestamp, level } = ev;
    const tail = this.tail(ev.owner);
    let seq = 0;
    if (timestamp > tail.timestamp) {
      tail.timestamp = timestamp;
      tail.seq = 0;
    } else if (timestamp === tail.timestamp) seq = ++tail.seq;
    else {
      this.writePending(); // the query below must see this batch's logs too
      seq = pluckStmt(
        this.db,
        'SELECT coalesce(max(seq) + 1, 0) FROM log_events WHERE owner = ? AND timestamp = ?',
      ).get(tail.id, timestamp) as number;
    }
    const p = this.pending;
    let i = this.pendingValues;
    p[i++] = tail.id;
    p[i++] = timestamp;
    p[i++] = seq;
    p[i++] = series;
    p[i++] = iter;
    p[i++] = written - timestamp;
    p[i++] = this.code(ev.worker);
    p[i++] = level === null ? null : this.code(level);
    p[i++] = ev.msg;
    p[i++] = ev.extra;
    this.pendingValues = i;
    if (i === p.length) this.writePending();
    this.spans.add(tail.id, iter, series, timestamp);
  }

  private writePending(): void {
    const n = this.pendingValues;
    if (n === this.pending.length) this.insertMany.run(this.pending);
    else for (let i = 0; i < n; i += COLUMN_COUNT) this.insertOne.run(this.pending.slice(i, i + COLUMN_COUNT));
    this.pendingValues = 0;
  }

  /** Writes what the batch's logs changed in log_iterations; call once after the last write. */
  finish(): void {
    this.writePending();
    this.spans.flush();
  }

  private tail(owner: string): OwnerTail {
    let tail = this.owners.get(owner);
    if (tail) return tail;
    const id = (pluckStmt(this.db, 'SELECT id FROM event_owners WHERE owner = ?').get(owner) ??
      pluckStmt(this.db, 'INSERT INTO event_owners (owner) VALUES (?) RETURNING id').get(owner)) as number;
    const last = rawStmt(
      this.db,
      'SELECT timestamp, seq FROM log_events WHERE owner = ? ORDER BY timestamp DESC, seq DESC LIMIT 1',
    ).get(id) as [number, number] | undefined;
    tail = { id, timestamp: last?.[0] ?? -Infinity, seq: last?.[1] ?? 0 };
    this.owners.set(owner, tail);
    return tail;
  }

  private code(text: string): number {
    let id = this.codes.get(text);
    if (id === undefined) {
      id = (pluckStmt(this.db, 'SELECT id FROM event_strings WHERE text = ?').get(text) ??
        pluckStmt(this.db, 'INSERT INTO event_strings (text) VALUES (?) RETURNING id').get(text)) as number;
      this.codes.set(text, id);
    }
    return id;
  }
}
