// HS256 JSON Web Tokens with node:crypto: auth.login tokens are signed with a per-database
// secret (server_meta), so a restart keeps them valid and another database rejects them.
import { createHmac, timingSafeEqual } from 'node:crypto';

const HEADER = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

function base64url(text: string | Buffer): string {
  return Buffer.from(text).toString('base64url');
}

function sign(data: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(data).digest();
}

export function signJwt(claims: Record<string, unknown>, secret: string): string {
  const body = `${HEADER}.${base64url(JSON.stringify(claims))}`;
  return `${body}.${sign(body, secret).toString('base64url')}`;
}

type JwtResult =
  | { ok: true; claims: Record<string, unknown> }
  /** `reason` uses the texts of PyJWT, which real servers put in their messages. */
  | { ok: false; reason: string };

/** Checks structure, algorithm, signature and expiry (`exp`, seconds) against `nowSec`. */
export function verifyJwt(token: string, secret: string, nowSec: number): JwtResult {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'Not enough segments' };
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  let header: unknown;
  let claims: unknown;
  try {
    header = JSON.parse(Buffer.from(headerPart, 'base64url').toString('utf8'));
    claims = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'Invalid header padding' };
  }
  if (typeof header !== 'object' || header === null || (header as { alg?: unknown }).alg !== 'HS256')
    return { ok: false, reason: 'The specified alg value is not allowed' };
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims))
    return { ok: false, reason: 'Invalid payload string: must be a json object' };
  // Compared as text: the base64url decoder skips characters it does not know and the unused low
  // bits of the last one, so comparing decoded bytes would accept other spellings of a signature.
  const expected = Buffer.from(sign(`${headerPart}.${payloadPart}`, secret).toString('base64url'));
  const given = Buffer.from(signaturePart);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'Signature verification failed' };
  const exp = (claims as { exp?: unknown }).exp;
  if (exp !== undefined && (typeof exp !== 'number' || exp <= nowSec))
    return { ok: false, reason: 'Signature has expired' };
  return { ok: true, claims: claims as Record<string, unknown> };
}
