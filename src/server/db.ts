import Database from 'better-sqlite3';
import { MIGRATIONS } from './schema.js';

export type Db = Database.Database;

/**
 * Opens (creating if needed) the server database and brings its schema up to date.
 * WAL + synchronous=NORMAL: a committed transaction survives a process crash (SIGKILL);
 * only a power loss can drop the last commits.
 */
export function openDatabase(path: string): Db {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // Reads of big tables (events, reports with long bodies) stay in memory: 64 MiB of page
  // cache and a memory-mapped file instead of the 2 MiB default and read() calls.
  db.pragma('cache_size = -65536');
  db.pragma('mmap_size = 268435456');
  migrate(db);
  return db;
}

export function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (const m of MIGRATIONS) {
    if (m.version <= current) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.pragma(`user_version = ${m.version}`);
    })();
  }
}
