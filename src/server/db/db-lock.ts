// One server per database file: a server holds an exclusive SQLite lock on `<db>.lock` for its
// life. The operating system drops the lock when the process ends, however it ends, so a crash
// leaves nothing stale; a second server on the same file fails at once with a clear message.
import Database from 'better-sqlite3';
import { restrictToOwner } from './db.js';

class DatabaseInUse extends Error {}

/** Takes the database's server lock; the function that releases it. Nothing for ':memory:'. */
export function lockDatabase(path: string): () => void {
  if (path === ':memory:') return () => {};
  const lockPath = `${path}.lock`;
  // Private like the database beside it (SQLite gives its journal the same mode).
  restrictToOwner(lockPath);
  const lock = new Database(lockPath);
  try {
    lock.pragma('busy_timeout = 0');
    // After the first write the exclusive lock is kept until the connection closes.
    lock.pragma('locking_mode = EXCLUSIVE');
    lock.exec('CREATE TABLE IF NOT EXISTS server (pid INTEGER); DELETE FROM server;');
    lock.prepare('INSERT INTO server (pid) VALUES (?)').run(process.pid);
  } catch (err) {
    lock.close();
    if ((err as { code?: string }).code?.startsWith('SQLITE_BUSY'))
      throw new DatabaseInUse(
        `another tracktop server is already using ${path} (it holds ${lockPath}); one server per database: stop it or give another --db`,
      );
    throw err;
  }
  return () => lock.close();
}
