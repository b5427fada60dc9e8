import type { Database, Statement } from 'better-sqlite3';

// Prepared statements are cached per database: preparing costs more than running for the
// small queries the handlers make on every request.
const caches = new WeakMap<Database, Map<string, Statement>>();

export function stmt(db: Database, sql: string): Statement {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  let s = cache.get(sql);
  if (!s) {
    s = db.prepare(sql);
    // Dynamic queries (filters, orderings) are built from a bounded vocabulary, but keep the
    // cache from growing without bound anyway.
    if (cache.size > 2000) cache.clear();
    cache.set(sql, s);
  }
  return s;
}
