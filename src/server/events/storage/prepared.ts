// Statements read as single values (pluck) or arrays (raw). better-sqlite3 keeps these modes
// on the statement, and statements are cached per SQL text across the whole server: a tag in
// the SQL gives each mode its own cache entry, so no other caller of the same SQL is affected.
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../db/db.js';
import { stmt } from '../../db/statements.js';

export function pluckStmt(db: Db, sql: string): Statement {
  return stmt(db, `${sql} /* pluck */`).pluck();
}

export function rawStmt(db: Db, sql: string): Statement {
  return stmt(db, `${sql} /* raw */`).raw();
}
