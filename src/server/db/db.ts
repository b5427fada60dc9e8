import { chmodSync, closeSync, existsSync, openSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { MIGRATIONS } from './schema.js';

export type Db = Database.Database;

/**
 * Opens (creating if needed) the server database and brings its schema up to date.
 * WAL + synchronous=NORMAL: a committed transaction survives a process crash (SIGKILL);
 * only a power loss can drop the last commits.
 */
export function openDatabase(path: string): Db {
  if (path !== ':memory:') restrictToOwner(path);
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

function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (const m of MIGRATIONS) {
    if (m.version <= current) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.pragma(`user_version = ${m.version}`);
    }).immediate();
  }
}

/**
 * The database holds the token-signing secret: it is created 0600 (SQLite gives its -wal and
 * -shm files the mode of the database file) and an existing one readable by others is fixed.
 */
export function restrictToOwner(path: string): void {
  try {
    closeSync(openSync(path, 'wx', 0o600));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    for (const file of [path, `${path}-wal`, `${path}-shm`])
      if (existsSync(file) && (statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  }
}
