// Reads the claims of a JWT without verifying it (docs/wire-facts.md §2: the token is opaque to the
// client; its payload just tells us when it expires and which server issued it).
import type { TokenClaims } from '../wire/auth.js';

export function decodeTokenClaims(token: string): TokenClaims | undefined {
  const payload = token.split('.')[1];
  if (payload === undefined || payload === '') return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
    return parsed as TokenClaims;
  } catch {
    return undefined;
  }
}

/** Expiry in epoch seconds when the claims carry a usable one. */
export function tokenExpiry(claims: TokenClaims | undefined): number | undefined {
  const exp = claims?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp : undefined;
}
