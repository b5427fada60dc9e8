import { beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../../src/wire/operations.js';
import { decodeTokenClaims } from '../../../src/api/index.js';
import { startTestServer, withTestServer } from '../../helpers/server.js';
import { basicAuth, send } from '../../helpers/http.js';

let clock = Date.parse('2025-01-01T00:00:00Z');
const server = withTestServer({ now: () => clock });
let basic: string;
beforeAll(() => {
  basic = basicAuth(server.accessKey, server.secretKey);
});

const login = (auth: string | undefined, body: unknown = {}) =>
  send(server.url, '/auth.login', body, { auth: auth ?? null });

describe('auth.login', () => {
  it('returns a signed token for Basic credentials, with the claims real servers put in it', async () => {
    const r = await login(basic);
    expect(r.status).toBe(200);
    expect(Object.keys(r.data)).toEqual(['token']);
    const claims = decodeTokenClaims(r.data.token)!;
    expect(claims.identity).toMatchObject({ role: expect.any(String), company_name: 'tracktop' });
    expect(claims.identity?.user).toMatch(/^[0-9a-f]{32}$/);
    expect(claims.identity?.company).toMatch(/^[0-9a-f]{32}$/);
    expect(claims.api_version).toBe('2.31');
    expect(typeof claims.server_version).toBe('string');
    expect(claims.exp! - claims.iat!).toBe(2592000);
    expect(r.headers.get('set-cookie')).toMatch(/^clearml_token_basic=.+; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  it('takes expiration_sec from the body or the query and refuses more than a year with 400/12', async () => {
    const a = decodeTokenClaims((await login(basic, { expiration_sec: 60 })).data.token)!;
    expect(a.exp! - a.iat!).toBe(60);
    const b = await send(server.url, '/auth.login', undefined, {
      auth: basic,
      method: 'GET',
      query: 'expiration_sec=120',
    });
    const claims = decodeTokenClaims(b.data.token)!;
    expect(claims.exp! - claims.iat!).toBe(120);
    const tooLong = await login(basic, { expiration_sec: 31536001 });
    expect([tooLong.status, tooLong.subcode]).toEqual([400, 12]);
    expect(tooLong.msg).toContain("'expiration_sec'");
    const wrongType = await login(basic, { expiration_sec: 'soon' });
    expect([wrongType.status, wrongType.subcode]).toEqual([400, 12]);
  });

  it('gives a fresh token to a caller with a valid Bearer token', async () => {
    const first = (await login(basic, { expiration_sec: 100 })).data.token as string;
    clock += 10_000;
    const r = await login(`Bearer ${first}`);
    expect(r.status).toBe(200);
    expect(r.data.token).not.toBe(first);
    expect(decodeTokenClaims(r.data.token)!.iat).toBe(Math.floor(clock / 1000));
  });
});

describe('401 answers', () => {
  it('401/20 without any credentials', async () => {
    const r = await send(server.url, '/reports.get_tags', {}, {});
    expect([r.status, r.code, r.subcode]).toEqual([401, 401, 20]);
    expect(r.msg).toContain('missing credentials');
  });

  it('401/10 for an unknown Authorization scheme', async () => {
    const r = await send(server.url, '/reports.get_tags', {}, { auth: 'Digest abc' });
    expect([r.status, r.subcode]).toEqual([401, 10]);
  });

  it('401/21 for an undecodable Basic payload', async () => {
    for (const auth of ['Basic !!!notbase64', `Basic ${Buffer.from('no-colon').toString('base64')}`]) {
      const r = await send(server.url, '/reports.get_tags', {}, { auth });
      expect([r.status, r.subcode], auth).toEqual([401, 21]);
    }
  });

  it('401/22 for a wrong secret or an unknown key, with the real message', async () => {
    for (const auth of [basicAuth(server.accessKey, 'wrong'), basicAuth('NOSUCHKEY', server.secretKey)]) {
      const r = await send(server.url, '/reports.get_tags', {}, { auth });
      expect([r.status, r.subcode]).toEqual([401, 22]);
      expect(r.msg).toBe('unauthorized (invalid credentials) (failed to locate provided credentials)');
    }
  });

  it('401/30 for garbage, a bad signature and an expired token', async () => {
    const garbage = await send(server.url, '/reports.get_tags', {}, { auth: 'Bearer garbage' });
    expect([garbage.status, garbage.subcode]).toEqual([401, 30]);
    expect(garbage.msg).toMatch(/^invalid token \(invalid jwt token\): reason=/);

    const token = (await login(basic, { expiration_sec: 60 })).data.token as string;
    const [h, p] = token.split('.');
    const forged = `${h}.${p}.${Buffer.from('x'.repeat(32)).toString('base64url')}`;
    const bad = await send(server.url, '/reports.get_tags', {}, { auth: `Bearer ${forged}` });
    expect(bad.msg).toBe('invalid token (invalid jwt token): reason=Signature verification failed');

    expect((await send(server.url, '/reports.get_tags', {}, { auth: `Bearer ${token}` })).status).toBe(200);
    clock += 61_000;
    const expired = await send(server.url, '/reports.get_tags', {}, { auth: `Bearer ${token}` });
    expect([expired.status, expired.subcode]).toEqual([401, 30]);
    expect(expired.msg).toBe('invalid token (invalid jwt token): reason=Signature has expired');
  });

  it('rejects a token signed by another server database', async () => {
    const other = await startTestServer({ now: () => clock });
    try {
      const foreign = (await send(other.url, '/auth.login', {}, { auth: basicAuth(other.accessKey, other.secretKey) }))
        .data.token;
      const r = await send(server.url, '/reports.get_tags', {}, { auth: `Bearer ${foreign}` });
      expect([r.status, r.subcode]).toEqual([401, 30]);
    } finally {
      await other.close();
    }
  });
});

describe('accepted credentials', () => {
  it('accepts Basic credentials on every endpoint (the handler runs: no 401)', async () => {
    for (const endpoint of ENDPOINTS) {
      const r = await send(server.url, `/${endpoint}`, {}, { auth: basic });
      expect(r.status, endpoint).not.toBe(401);
      expect(r.status, endpoint).not.toBe(404);
      expect(r.status, endpoint).toBeLessThan(500);
    }
  });

  it('falls back to the clearml_token_basic cookie when no Authorization header is sent', async () => {
    const token = (await login(basic)).data.token as string;
    const r = await send(
      server.url,
      '/reports.get_tags',
      {},
      { headers: { cookie: `other=1; clearml_token_basic=${token}` } },
    );
    expect(r.status).toBe(200);
  });
});
