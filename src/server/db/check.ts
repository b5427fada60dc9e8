// `tracktop serve --check`: SQLite's integrity check of a database file, read-only (it can run
// beside a server on the same file), with what it found in a few lines.
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';

/** Problems listed at most; SQLite can report thousands for one damaged region. */
const MAX_LISTED = 20;

export interface CheckResult {
  ok: boolean;
  lines: string[];
}

export function checkDatabase(path: string): CheckResult {
  if (!existsSync(path)) return { ok: false, lines: [`no database at ${path}`] };
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    const rows = db.pragma(`integrity_check(${MAX_LISTED + 1})`, { simple: false }) as { integrity_check: string }[];
    const problems = rows.map((r) => r.integrity_check).filter((t) => t !== 'ok');
    if (problems.length === 0) return { ok: true, lines: [`${path}: integrity check ok`] };
    const lines = [`${path}: integrity check found problems:`, ...problems.slice(0, MAX_LISTED).map((p) => `  ${p}`)];
    if (problems.length > MAX_LISTED) lines.push('  (and more)');
    lines.push('Restore the file from a backup, or copy out what is readable with "sqlite3 FILE .recover".');
    return { ok: false, lines };
  } catch (err) {
    return { ok: false, lines: [`${path}: cannot be checked: ${(err as Error).message}`] };
  } finally {
    db?.close();
  }
}
