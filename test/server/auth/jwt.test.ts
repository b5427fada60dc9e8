// Token signatures: only the exact text the server signed is accepted.
import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwt } from '../../../src/server/auth/jwt.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const SECRET = 'jwt-test-secret';

describe('verifyJwt', () => {
  const token = signJwt({ n: 1 }, SECRET);
  const [head, payload, sig] = token.split('.') as [string, string, string];

  it('accepts the token it signed (the control case)', () => {
    expect(verifyJwt(token, SECRET, 0)).toEqual({ ok: true, claims: { n: 1 } });
  });

  it('refuses other spellings of the same signature bytes', () => {
    // 32 bytes take 43 characters: the last one carries 2 bits the decoder ignores.
    const last = ALPHABET.indexOf(sig.at(-1)!);
    const twins = [0, 1, 2, 3].map((k) => ALPHABET[(last & ~3) | k]!).filter((c) => c !== sig.at(-1));
    expect(twins).toHaveLength(3);
    for (const c of twins) {
      const spelled = `${sig.slice(0, -1)}${c}`;
      expect(Buffer.from(spelled, 'base64url')).toEqual(Buffer.from(sig, 'base64url'));
      expect(verifyJwt(`${head}.${payload}.${spelled}`, SECRET, 0)).toMatchObject({ ok: false });
    }
    for (const spelled of [`${sig}=`, `${sig.slice(0, 10)}!${sig.slice(10)}`, `${sig.slice(0, 10)}\n${sig.slice(10)}`])
      expect(verifyJwt(`${head}.${payload}.${spelled}`, SECRET, 0)).toEqual({
        ok: false,
        reason: 'Signature verification failed',
      });
  });

  it('refuses a token signed with another secret', () => {
    expect(verifyJwt(signJwt({ n: 1 }, 'other'), SECRET, 0)).toMatchObject({ ok: false });
  });
});
