// Per-database settings kept in server_meta: the token signing secret, the key generation
// (auth tokens name it; it is made with the database and changed only by the v7 migration in
// ../auth/schema.ts, which ended the tokens issued before it), the company and the last URL.
import { randomBytes } from 'node:crypto';
import type { Db } from './db.js';
import { newId } from './ids.js';
import { stmt } from './statements.js';

export const COMPANY_NAME = 'tracktop';

function getOrCreate(db: Db, key: string, create: () => string): string {
  const row = stmt(db, 'SELECT value FROM server_meta WHERE key = ?').get(key) as { value: string } | undefined;
  if (row) return row.value;
  const value = create();
  stmt(db, 'INSERT OR IGNORE INTO server_meta (key, value) VALUES (?, ?)').run(key, value);
  return (stmt(db, 'SELECT value FROM server_meta WHERE key = ?').get(key) as { value: string }).value;
}

/** The secret that signs auth tokens; created with the database. */
export function jwtSecret(db: Db): string {
  return getOrCreate(db, 'jwt_secret', () => randomBytes(32).toString('hex'));
}

/** The single company every user of this server belongs to. */
export function companyId(db: Db): string {
  return getOrCreate(db, 'company_id', newId);
}

/** Which set of server keys is current; auth tokens issued under another one are refused. */
export function keyGeneration(db: Db): string {
  return getOrCreate(db, 'key_generation', newId);
}

/** Records the URL the server now listens on, for `serve keys create` to print (keys-command.ts). */
export function setServerUrl(db: Db, url: string): void {
  stmt(db, 'INSERT OR REPLACE INTO server_meta (key, value) VALUES (?, ?)').run('server_url', url);
}

/** The URL the last server started on this database listened on, if one ever did. */
export function lastServerUrl(db: Db): string | undefined {
  const row = stmt(db, 'SELECT value FROM server_meta WHERE key = ?').get('server_url') as
    { value: string } | undefined;
  return row?.value;
}
