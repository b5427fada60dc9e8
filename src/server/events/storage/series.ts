// event_series: one row per (owner, type, metric, variant). Events reference it by id.
import type { Db } from '../../db/db.js';
import { stmt } from '../../db/statements.js';

export interface SeriesRow {
  id: number;
  owner: string;
  model_event: number;
  type: number;
  metric: string;
  variant: string;
}

const COLUMNS = 'id, owner, model_event, type, metric, variant';

/** Series of one owner and type, by metric then variant (byte order, as the index keeps them). */
export function seriesOfType(db: Db, owner: string, type: number): SeriesRow[] {
  return stmt(db, `SELECT ${COLUMNS} FROM event_series WHERE owner = ? AND type = ? ORDER BY metric, variant`).all(
    owner,
    type,
  ) as SeriesRow[];
}

/** Every series of one owner, by type, metric, variant. */
export function seriesOfOwner(db: Db, owner: string): SeriesRow[] {
  return stmt(db, `SELECT ${COLUMNS} FROM event_series WHERE owner = ? ORDER BY type, metric, variant`).all(
    owner,
  ) as SeriesRow[];
}

/** Finds or creates series ids during one write; remembers them for the rest of the call. */
export class SeriesResolver {
  private readonly ids = new Map<string, number>();
  // Consecutive events of a batch often share their series: skip building the map key then.
  private last = { owner: '', type: -1, metric: '', variant: '', id: 0 };
  constructor(private readonly db: Db) {}

  idFor(owner: string, model: boolean, type: number, metric: string, variant: string): number {
    const l = this.last;
    if (l.type === type && l.owner === owner && l.metric === metric && l.variant === variant) return l.id;
    const id = this.lookup(owner, model, type, metric, variant);
    this.last = { owner, type, metric, variant, id };
    return id;
  }

  private lookup(owner: string, model: boolean, type: number, metric: string, variant: string): number {
    const key = `${owner}\u0000${type}\u0000${metric}\u0000${variant}`;
    const known = this.ids.get(key);
    if (known !== undefined) return known;
    const found = stmt(
      this.db,
      'SELECT id FROM event_series WHERE owner = ? AND type = ? AND metric = ? AND variant = ?',
    ).get(owner, type, metric, variant) as { id: number } | undefined;
    const id =
      found?.id ??
      (
        stmt(
          this.db,
          'INSERT INTO event_series (owner, model_event, type, metric, variant) VALUES (?, ?, ?, ?, ?) RETURNING id',
        ).get(owner, model ? 1 : 0, type, metric, variant) as { id: number }
      ).id;
    this.ids.set(key, id);
    return id;
  }
}

/** Whether any owner of the company (or a public one) has events of this type (or of any type). */
export function companyHasEvents(db: Db, company: string, type: number | undefined, model: boolean): boolean {
  const owners = model ? 'models' : 'tasks';
  const typeCond = type === undefined ? '' : 's.type = ? AND';
  const params: unknown[] = type === undefined ? [company] : [type, company];
  const row = stmt(
    db,
    `SELECT 1 FROM event_series s JOIN ${owners} o ON o.id = s.owner
     WHERE ${typeCond} (o.company = ? OR o.company = '') LIMIT 1`,
  ).get(...params);
  return row !== undefined;
}
