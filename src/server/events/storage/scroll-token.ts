// Stateless scroll ids of get_task_events and scalar_metrics_iter_raw (docs/wire-facts.md §7): an HS256
// JWT over {from_key_value, total, request}, signed with a secret kept in server_meta. They
// never expire; a token that does not verify is 400/1104.
import { randomBytes } from 'node:crypto';
import { ERRORS } from '../../../wire/errors.js';
import type { Db } from '../../db/db.js';
import { ServerError } from '../../http/errors.js';
import { signJwt, verifyJwt } from '../../auth/jwt.js';
import { stmt } from '../../db/statements.js';
import { pluckStmt } from './prepared.js';

const SECRET_KEY = 'scroll_secret';

export interface ScrollPayload {
  /** The last key value of the previous page; absent before the first page. */
  from_key_value?: string;
  total?: number;
  request: Record<string, unknown>;
}

const secrets = new WeakMap<Db, string>();

function scrollSecret(db: Db): string {
  const cached = secrets.get(db);
  if (cached) return cached;
  stmt(db, 'INSERT OR IGNORE INTO server_meta (key, value) VALUES (?, ?)').run(
    SECRET_KEY,
    randomBytes(32).toString('hex'),
  );
  const secret = pluckStmt(db, 'SELECT value FROM server_meta WHERE key = ?').get(SECRET_KEY) as string;
  secrets.set(db, secret);
  return secret;
}

function withoutNulls(obj: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(obj)) if (val !== undefined && val !== null) out[k] = val;
  return out;
}

export function signScroll(db: Db, payload: ScrollPayload): string {
  return signJwt(withoutNulls({ ...payload, request: withoutNulls(payload.request) }), scrollSecret(db));
}

export function invalidScrollId(scrollId: string, why?: string): ServerError {
  return new ServerError(ERRORS.invalidScrollId, why, { scroll_id: scrollId });
}

export function readScroll(db: Db, token: string): ScrollPayload {
  const result = verifyJwt(token, scrollSecret(db), 0);
  if (!result.ok) throw invalidScrollId(token);
  const { from_key_value: from, total, request } = result.claims;
  if (
    (from !== undefined && typeof from !== 'string') ||
    (total !== undefined && typeof total !== 'number') ||
    typeof request !== 'object' ||
    request === null ||
    Array.isArray(request)
  )
    throw invalidScrollId(token);
  const payload: ScrollPayload = { request: request as Record<string, unknown> };
  if (from !== undefined) payload.from_key_value = from;
  if (total !== undefined) payload.total = total;
  return payload;
}
