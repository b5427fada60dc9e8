// Who is calling (docs/wire-facts.md §1.2, §2): Basic key:secret on any endpoint, a Bearer token from
// auth.login, or the `clearml_token_basic` cookie when no Authorization header is sent.
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { ERRORS } from '../../wire/errors.js';
import type { Identity } from '../handlers/handler-types.js';
import { hashSecret, verifySecretAsync } from './credentials.js';
import type { Db } from '../db/db.js';
import { ServerError } from '../http/errors.js';
import { verifyJwt } from './jwt.js';
import { LoginBackoff } from './login-backoff.js';
import { MAX_TOKEN_EXPIRATION_SEC } from '../../wire/auth.js';
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

// scrypt is deliberately slow; Basic auth on every call would pay it each time. A verified
// (key, secret) pair is remembered by its SHA-256 for the life of the process.
const verifiedPairs = new WeakMap<Db, Map<string, string>>();
const backoffs = new WeakMap<Db, LoginBackoff>();

function perDb<T extends object>(map: WeakMap<Db, T>, db: Db, create: () => T): T {
  let value = map.get(db);
  if (!value) {
    value = create();
    map.set(db, value);
  }
  return value;
}

// An unknown access key is checked against this hash, so it costs the same scrypt time as a
// known key with a wrong secret and the timing does not tell which keys exist.
let unknownKeyHash: string | undefined;

function pairDigest(accessKey: string, secret: string): string {
  return createHash('sha256').update(accessKey).update('\0').update(secret).digest('hex');
}

function tooManyFailures(waitMs: number): ServerError {
  const seconds = Math.ceil(waitMs / 1000);
  return new ServerError(
    ERRORS.tooManyRequests,
    `too many failed logins with this access key; try again in ${seconds} s`,
  );
}

/** Checks a key pair; the user it belongs to, or a 401/22 (429 after repeated failures). */
export async function authenticateKeyPair(db: Db, accessKey: string, secret: string, nowMs: number): Promise<Identity> {
  const cache = perDb(verifiedPairs, db, () => new Map<string, string>());
  const backoff = perDb(backoffs, db, () => new LoginBackoff());
  const digest = pairDigest(accessKey, secret);
  const lookup = () =>
    stmt(
      db,
      'SELECT c.secret_hash, u.id, u.company, u.name, u.role FROM credentials c JOIN users u ON u.id = c.user WHERE c.access_key = ?',
    ).get(accessKey) as (UserRow & { secret_hash: string }) | undefined;
  const row = lookup();
  const cacheKey = `${accessKey}\0${row?.secret_hash ?? ''}`;
  // A pair already proven right skips scrypt and the back-off: a storm of wrong secrets for
  // a key does not lock out the clients that hold the real one.
  if (row && cache.get(cacheKey) === digest) return identityOf(row);
  const waitMs = backoff.waitMs(accessKey, nowMs);
  if (waitMs > 0) throw tooManyFailures(waitMs);
  unknownKeyHash ??= hashSecret(generateUnusedSecret());
  const ok = await verifySecretAsync(secret, row?.secret_hash ?? unknownKeyHash);
  // The row is read again: the keys may have changed while scrypt ran.
  const current = ok ? lookup() : undefined;
  if (row && current && current.secret_hash === row.secret_hash) {
    cache.set(cacheKey, digest);
    backoff.recordSuccess(accessKey);
    return identityOf(current);
  }
  backoff.recordFailure(accessKey, nowMs);
  throw new ServerError(ERRORS.invalidCredentials, 'failed to locate provided credentials');
}

function generateUnusedSecret(): string {
  return randomBytes(32).toString('base64');
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
 * their `iat`, and carry the key generation they were issued under: changing the server's
 * keys ends every token issued before.
 */
function checkTokenClaims(db: Db, claims: Record<string, unknown>): void {
  const { exp, iat, kgen } = claims as { exp?: unknown; iat?: unknown; kgen?: unknown };
  if (typeof exp !== 'number' || typeof iat !== 'number') throw invalidToken('Token is missing the exp or iat claim');
  if (exp - iat > MAX_TOKEN_EXPIRATION_SEC)
    throw invalidToken(`Token lifetime exceeds the maximum of ${MAX_TOKEN_EXPIRATION_SEC} seconds`);
  if (kgen !== keyGeneration(db)) throw invalidToken('Token was issued before the server keys changed');
}

export function authenticateToken(db: Db, token: string, nowMs: number): Identity {
  const result = verifyJwt(token, jwtSecret(db), Math.floor(nowMs / 1000));
  if (!result.ok) throw invalidToken(result.reason);
  checkTokenClaims(db, result.claims);
  const identity = result.claims.identity as { user?: unknown } | undefined;
  const userId = typeof identity?.user === 'string' ? identity.user : undefined;
  const row = userId
    ? (stmt(db, 'SELECT id, company, name, role FROM users WHERE id = ?').get(userId) as UserRow | undefined)
    : undefined;
  if (!row) throw new ServerError(ERRORS.invalidToken, 'user not found');
  return identityOf(row);
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
export async function authenticate(db: Db, headers: IncomingHttpHeaders, nowMs: number): Promise<Identity> {
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
    return authenticateKeyPair(db, pair.accessKey, pair.secret, nowMs);
  }
  if (scheme === 'bearer') {
    if (!value) throw invalidToken('Not enough segments');
    return authenticateToken(db, value, nowMs);
  }
  throw new ServerError(ERRORS.badAuthType);
}
