// Who is calling (docs/wire-facts.md §1.2, §2): Basic key:secret on any endpoint, a Bearer token from
// auth.login, or the `clearml_token_basic` cookie when no Authorization header is sent.
import type { IncomingHttpHeaders } from 'node:http';
import { ERRORS } from '../../wire/errors.js';
import type { Identity } from '../handlers/handler-types.js';
import { sameTag, secretTag, tokenKeyTag } from './key-table.js';
import type { Db } from '../db/db.js';
import { ServerError } from '../http/errors.js';
import { verifyJwt } from './jwt.js';
import { LoginBackoff } from './login-backoff.js';
import { MAX_TOKEN_EXPIRATION_SEC } from '../../wire/auth.js';
import { LOGIN_BACKOFF_FREE_FAILURES, LOGIN_SOURCE_FREE_FAILURES } from '../http/limits.js';
import { jwtSecret, keyGeneration } from '../db/server-meta.js';
import { stmt } from '../db/statements.js';

export const TOKEN_COOKIE = 'clearml_token_basic';

interface UserRow {
  id: string;
  company: string;
  name: string;
  role: string;
}

function identityOf(row: UserRow): Identity {
  return { user: row.id, company: row.company, userName: row.name, role: row.role };
}

const backoffs = new WeakMap<Db, { byKey: LoginBackoff; bySource: LoginBackoff }>();

function backoffsOf(db: Db): { byKey: LoginBackoff; bySource: LoginBackoff } {
  let b = backoffs.get(db);
  if (!b) {
    b = {
      byKey: new LoginBackoff(LOGIN_BACKOFF_FREE_FAILURES),
      bySource: new LoginBackoff(LOGIN_SOURCE_FREE_FAILURES),
    };
    backoffs.set(db, b);
  }
  return b;
}

function tooManyFailures(waitMs: number): ServerError {
  const seconds = Math.ceil(waitMs / 1000);
  return new ServerError(
    ERRORS.tooManyRequests,
    `too many failed logins with this access key or from this address; try again in ${seconds} s`,
  );
}

interface KeyUserRow extends UserRow {
  secret_tag: string | null;
}

/**
 * Checks a key pair; the user it belongs to, or a 401/22 (429 while the key or the source
 * address has failed too often). The check is an HMAC against the stored tag: microseconds,
 * so it runs for every attempt and the right secret always gets in, from any address, during
 * any storm of wrong ones; wrong secrets are counted per key and per source, and past a few
 * they answer 429 for a doubling wait. Unknown and revoked keys cost the same check.
 */
function authenticateKeyPair(db: Db, accessKey: string, secret: string, nowMs: number, source = ''): Identity {
  const row = stmt(
    db,
    `SELECT c.secret_tag, u.id, u.company, u.name, u.role FROM credentials c JOIN users u ON u.id = c.user
     WHERE c.access_key = ? AND c.revoked IS NULL`,
  ).get(accessKey) as KeyUserRow | undefined;
  const tag = secretTag(db, accessKey, secret);
  const { byKey, bySource } = backoffsOf(db);
  if (row?.secret_tag && sameTag(tag, row.secret_tag)) {
    bySource.recordSuccess(source);
    return { ...identityOf(row), accessKey, keyTag: tokenKeyTag(row.secret_tag) };
  }
  const waitMs = Math.max(byKey.waitMs(accessKey, nowMs), bySource.waitMs(source, nowMs));
  byKey.recordFailure(accessKey, nowMs);
  bySource.recordFailure(source, nowMs);
  if (waitMs > 0) throw tooManyFailures(waitMs);
  throw new ServerError(ERRORS.invalidCredentials, 'failed to locate provided credentials');
}

function decodeBasic(payload: string): { accessKey: string; secret: string } | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(payload)) return undefined;
  const text = Buffer.from(payload, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon <= 0) return undefined;
  return { accessKey: text.slice(0, colon), secret: text.slice(colon + 1) };
}

function invalidToken(reason: string): ServerError {
  return new ServerError(ERRORS.invalidToken, 'invalid jwt token', { reason });
}

/**
 * Auth tokens must say when they expire (`exp`), live at most MAX_TOKEN_EXPIRATION_SEC from
 * their `iat`, carry the key generation they were issued under, and name the key pair (`ak`)
 * and its secret (`kt`) they were issued for: a revoked pair, or one given a new secret, ends
 * its tokens at once.
 */
function checkTokenClaims(db: Db, claims: Record<string, unknown>): void {
  const { exp, iat, kgen, ak, kt } = claims as {
    exp?: unknown;
    iat?: unknown;
    kgen?: unknown;
    ak?: unknown;
    kt?: unknown;
  };
  if (typeof exp !== 'number' || typeof iat !== 'number') throw invalidToken('Token is missing the exp or iat claim');
  if (exp - iat > MAX_TOKEN_EXPIRATION_SEC)
    throw invalidToken(`Token lifetime exceeds the maximum of ${MAX_TOKEN_EXPIRATION_SEC} seconds`);
  if (kgen !== keyGeneration(db)) throw invalidToken('Token was issued before the server keys changed');
  if (typeof ak !== 'string' || typeof kt !== 'string') throw invalidToken('Token names no key pair');
  const key = stmt(db, 'SELECT secret_tag FROM credentials WHERE access_key = ? AND revoked IS NULL').get(ak) as
    { secret_tag: string | null } | undefined;
  if (!key?.secret_tag || tokenKeyTag(key.secret_tag) !== kt)
    throw invalidToken('Token was issued for a key pair that was revoked or given a new secret');
}

function authenticateToken(db: Db, token: string, nowMs: number): Identity {
  const result = verifyJwt(token, jwtSecret(db), Math.floor(nowMs / 1000));
  if (!result.ok) throw invalidToken(result.reason);
  checkTokenClaims(db, result.claims);
  const identity = result.claims.identity as { user?: unknown } | undefined;
  const userId = typeof identity?.user === 'string' ? identity.user : undefined;
  const row = userId
    ? (stmt(db, 'SELECT id, company, name, role FROM users WHERE id = ?').get(userId) as UserRow | undefined)
    : undefined;
  if (!row) throw new ServerError(ERRORS.invalidToken, 'user not found');
  return { ...identityOf(row), accessKey: result.claims.ak as string, keyTag: result.claims.kt as string };
}

function cookieToken(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === TOKEN_COOKIE) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

/** The caller's identity, or a 401 ServerError with the code real servers use. */
export function authenticate(db: Db, headers: IncomingHttpHeaders, nowMs: number, source = ''): Identity {
  const header = headers.authorization;
  if (header === undefined || header.trim() === '') {
    const token = cookieToken(headers.cookie);
    if (token) return authenticateToken(db, token, nowMs);
    throw new ServerError(ERRORS.noCredentials);
  }
  const trimmed = header.trim();
  const space = trimmed.indexOf(' ');
  const scheme = (space < 0 ? trimmed : trimmed.slice(0, space)).toLowerCase();
  const value = space < 0 ? '' : trimmed.slice(space + 1).trim();
  if (scheme === 'basic') {
    const pair = decodeBasic(value);
    if (!pair) throw new ServerError(ERRORS.badCredentials);
    return authenticateKeyPair(db, pair.accessKey, pair.secret, nowMs, source);
  }
  if (scheme === 'bearer') {
    if (!value) throw invalidToken('Not enough segments');
    return authenticateToken(db, value, nowMs);
  }
  throw new ServerError(ERRORS.badAuthType);
}
