// The server's key pairs (table `credentials`): one per person, each with a name and the user
// its runs are recorded under. The pair given at start (flags, env or the generated file) is
// the `start` pair and replaces the previous start pair; `tracktop serve keys create` adds
// `keys` pairs. A revoked pair logs in no more, and its auth tokens stop at once (tokens name
// their access key and the key's tag, see authenticate.ts).
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/db.js';
import { newId } from '../db/ids.js';
import { companyId } from '../db/server-meta.js';
import { stmt } from '../db/statements.js';
import { generateKeyPair, hashSecret, verifySecret, type KeyPair } from './credentials.js';

type KeyOrigin = 'start' | 'keys';

interface KeyRow {
  access_key: string;
  name: string;
  user: string;
  origin: KeyOrigin;
  created: number;
  revoked: number | null;
}

/** Longest key name (a person's name). */
const MAX_KEY_NAME_CHARS = 200;

/**
 * The pepper of secret tags: random, kept in server_meta. A tag is an HMAC of the pair, checked
 * in microseconds: a login never waits for scrypt, whatever storm of wrong secrets runs on the
 * same key. scrypt's hash stays beside it (`secret_hash`) for the start pair's check at start.
 */
function pepper(db: Db): Buffer {
  const get = () =>
    stmt(db, "SELECT value FROM server_meta WHERE key = 'login_pepper'").get() as { value: string } | undefined;
  let row = get();
  if (!row) {
    stmt(db, "INSERT OR IGNORE INTO server_meta (key, value) VALUES ('login_pepper', ?)").run(
      randomBytes(32).toString('hex'),
    );
    row = get() as { value: string };
  }
  return Buffer.from(row.value, 'hex');
}

const peppers = new WeakMap<Db, Buffer>();

/** The tag of a pair: HMAC-SHA256 under the database's pepper, hex. */
export function secretTag(db: Db, accessKey: string, secret: string): string {
  let p = peppers.get(db);
  if (!p) peppers.set(db, (p = pepper(db)));
  return createHmac('sha256', p).update(accessKey).update('\0').update(secret).digest('hex');
}

/** True when `tag` is the stored one, compared in constant time. */
export function sameTag(tag: string, stored: string): boolean {
  const a = Buffer.from(tag, 'hex');
  const b = Buffer.from(stored, 'hex');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

/** What auth tokens carry to name the secret they were issued under (not the tag itself). */
export function tokenKeyTag(storedTag: string): string {
  return createHash('sha256').update(storedTag).digest('hex').slice(0, 16);
}

function addUser(db: Db, name: string, now: number): string {
  const user = newId();
  stmt(db, 'INSERT INTO users (id, company, name, role, created) VALUES (?, ?, ?, ?, ?)').run(
    user,
    companyId(db),
    name,
    'admin',
    now,
  );
  return user;
}

/**
 * Makes the start pair valid and revokes every other start pair (the flags/env pair replaces
 * the previous one). A known key given with a different secret takes the new secret, which ends
 * its tokens; a revoked key given again is valid again (the operator named it).
 */
export function registerStartPair(db: Db, pair: KeyPair, now: number): void {
  const row = stmt(db, 'SELECT secret_hash, secret_tag FROM credentials WHERE access_key = ?').get(pair.accessKey) as
    { secret_hash: string; secret_tag: string | null } | undefined;
  const tag = secretTag(db, pair.accessKey, pair.secretKey);
  // scrypt only when the stored tag does not already prove the secret (an old database has none).
  const sameSecret =
    row !== undefined &&
    (row.secret_tag === null ? verifySecret(pair.secretKey, row.secret_hash) : sameTag(tag, row.secret_tag));
  const hash = row === undefined || !sameSecret ? hashSecret(pair.secretKey) : row.secret_hash;
  db.transaction(() => {
    if (row === undefined) {
      const name = `tracktop user ${pair.accessKey.slice(0, 6)}`;
      stmt(
        db,
        `INSERT INTO credentials (access_key, secret_hash, secret_tag, user, name, origin, created)
         VALUES (?, ?, ?, ?, ?, 'start', ?)`,
      ).run(pair.accessKey, hash, tag, addUser(db, name, now), name, now);
    } else {
      stmt(
        db,
        `UPDATE credentials SET secret_hash = ?, secret_tag = ?, origin = 'start', revoked = NULL WHERE access_key = ?`,
      ).run(hash, tag, pair.accessKey);
    }
    stmt(db, `UPDATE credentials SET revoked = ? WHERE origin = 'start' AND revoked IS NULL AND access_key <> ?`).run(
      now,
      pair.accessKey,
    );
  }).immediate();
}

/** A new pair for `name` (a person), with a user of that name its runs are recorded under. */
export function createKey(db: Db, name: string, now: number): KeyPair {
  const trimmed = name.trim();
  if (trimmed === '') throw new Error('a key needs a name (the person it is for)');
  if (trimmed.length > MAX_KEY_NAME_CHARS) throw new Error(`a key name has at most ${MAX_KEY_NAME_CHARS} characters`);
  const pair = generateKeyPair();
  const hash = hashSecret(pair.secretKey);
  db.transaction(() => {
    stmt(
      db,
      `INSERT INTO credentials (access_key, secret_hash, secret_tag, user, name, origin, created)
       VALUES (?, ?, ?, ?, ?, 'keys', ?)`,
    ).run(pair.accessKey, hash, secretTag(db, pair.accessKey, pair.secretKey), addUser(db, trimmed, now), trimmed, now);
  }).immediate();
  return pair;
}

/** Revokes a pair; false when no valid pair has this access key. */
export function revokeKey(db: Db, accessKey: string, now: number): boolean {
  return (
    stmt(db, 'UPDATE credentials SET revoked = ? WHERE access_key = ? AND revoked IS NULL').run(now, accessKey)
      .changes > 0
  );
}

/** Every pair, valid ones first, oldest first. */
export function listKeys(db: Db): KeyRow[] {
  return stmt(
    db,
    `SELECT access_key, name, user, origin, created, revoked FROM credentials
     ORDER BY revoked IS NOT NULL, created, access_key`,
  ).all() as KeyRow[];
}
