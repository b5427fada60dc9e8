import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type ApiClient, type ClientOptions } from '../../src/api/index.js';

import { ERRORS } from '../../src/wire/errors.js';
import { FakeServer, fail, makeToken, ok, type RecordedRequest } from '../helpers/fake-server.js';
import { errorOf } from '../helpers/api-error.js';

let server: FakeServer;
const clients: ApiClient[] = [];

function makeClient(extra: Partial<ClientOptions> = {}): ApiClient {
  const c = createClient({
    apiHost: server.url,
    accessKey: 'key',
    secretKey: 'secret',
    timeouts: { totalMs: 2_000 },
    retry: { baseDelayMs: 5 },
    ...extra,
  });
  clients.push(c);
  return c;
}

function bearer(req: RecordedRequest | undefined): string | undefined {
  return req?.headers.authorization?.replace(/^Bearer /, '');
}

/** Login answers numbered tokens, so tests can tell which token a call carried. */
function numberedLogins(exp: () => number): void {
  let n = 0;
  server.always('auth.login', () => ok({ token: makeToken({ exp: exp(), n: ++n }) }));
}

const tags = ok({ tags: [] });
const invalidToken = fail(ERRORS.invalidToken, ' (invalid jwt token): reason=Signature has expired');

beforeEach(async () => {
  server = await FakeServer.start();
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await server.close();
});

describe('login', () => {
  it('logs in lazily, with Basic credentials, before the first call and not again', async () => {
    const client = makeClient();
    server.always('reports.get_tags', tags);
    expect(server.requests).toHaveLength(0);
    await client.reports.getTags({});
    await client.reports.getTags({});
    expect(server.requests.map((r) => r.endpoint)).toEqual(['auth.login', 'reports.get_tags', 'reports.get_tags']);
    expect(server.requestsTo('auth.login')[0]?.body).toBe('{}');
    expect(server.requestsTo('auth.login')[0]?.headers.authorization).toBe(
      `Basic ${Buffer.from('key:secret').toString('base64')}`,
    );
  });

  it('sends expiration_sec with automatic logins when configured', async () => {
    const client = makeClient({ loginExpirationSec: 3600 });
    server.always('reports.get_tags', tags);
    await client.reports.getTags({});
    expect(server.bodiesOf('auth.login')).toEqual([{ expiration_sec: 3600 }]);
  });

  it('shares one login among concurrent first calls', async () => {
    const client = makeClient();
    server.always('auth.login', () => ({ ...ok({ token: makeToken({ exp: 4_000_000_000 }) }), delayMs: 100 }));
    server.always('reports.get_tags', tags);
    await Promise.all(Array.from({ length: 5 }, () => client.reports.getTags({})));
    expect(server.requestsTo('auth.login')).toHaveLength(1);
    expect(server.requestsTo('reports.get_tags')).toHaveLength(5);
  });

  it('turns rejected credentials (401/22) into kind auth naming the settings to check', async () => {
    const client = makeClient();
    server.always('auth.login', fail(ERRORS.invalidCredentials, ' (failed to locate provided credentials)'));
    const err = await errorOf(client.reports.getTags({}));
    expect(err.kind).toBe('auth');
    expect([err.httpStatus, err.resultCode, err.resultSubcode]).toEqual([401, 401, 22]);
    expect(err.endpoint).toBe('auth.login');
    expect(err.message).toContain('credentials rejected by 127.0.0.1');
    expect(err.message).toContain('failed to locate provided credentials');
    expect(err.message).toContain('CLEARML_API_ACCESS_KEY');
    expect(server.requestsTo('reports.get_tags')).toHaveLength(0);
  });

  it('fails without sending anything when no credentials are configured', async () => {
    const client = makeClient({ accessKey: undefined, secretKey: undefined });
    const err = await errorOf(client.reports.getTags({}));
    expect(err.kind).toBe('auth');
    expect(err.message).toContain('no credentials');
    expect(server.requests).toHaveLength(0);
  });

  it('lets a caller stop waiting for a shared login without cancelling it for others', async () => {
    const client = makeClient();
    server.always('auth.login', () => ({ ...ok({ token: makeToken({ exp: 4_000_000_000 }) }), delayMs: 150 }));
    server.always('reports.get_tags', tags);
    const controller = new AbortController();
    const impatient = errorOf(client.reports.getTags({}, { signal: controller.signal }));
    const patient = client.reports.getTags({});
    setTimeout(() => controller.abort(), 30);
    expect((await impatient).kind).toBe('aborted');
    await expect(patient).resolves.toEqual({ tags: [] });
    expect(server.requestsTo('auth.login')).toHaveLength(1);
    expect(server.requestsTo('reports.get_tags')).toHaveLength(1);
  });

  it('installs the token of an explicit auth.login for later calls', async () => {
    const client = makeClient();
    numberedLogins(() => 4_000_000_000);
    server.always('reports.get_tags', tags);
    await client.reports.getTags({});
    const { token } = await client.auth.login({ expiration_sec: 600 });
    await client.reports.getTags({});
    expect(server.bodiesOf('auth.login')).toEqual([{}, { expiration_sec: 600 }]);
    expect(bearer(server.requestsTo('reports.get_tags')[1])).toBe(token);
    expect(bearer(server.requestsTo('reports.get_tags')[0])).not.toBe(token);
  });
});

describe('token refresh', () => {
  it('logs in again after 401/30 and retries the call once, writes included', async () => {
    const client = makeClient();
    numberedLogins(() => 4_000_000_000);
    server.reply('reports.archive', invalidToken, ok({ archived: 1 }));
    await expect(client.reports.archive({ task: 'r1' })).resolves.toEqual({ archived: 1 });
    const calls = server.requestsTo('reports.archive');
    expect(server.requestsTo('auth.login')).toHaveLength(2);
    expect(calls).toHaveLength(2);
    expect(bearer(calls[1])).not.toBe(bearer(calls[0]));
    expect(calls[1]?.body).toBe(calls[0]?.body);
  });

  it('does not loop when the retried call is refused again', async () => {
    const client = makeClient();
    server.always('reports.archive', invalidToken);
    const err = await errorOf(client.reports.archive({ task: 'r1' }));
    expect(err.kind).toBe('auth');
    expect([err.httpStatus, err.resultSubcode]).toEqual([401, 30]);
    expect(err.endpoint).toBe('reports.archive');
    expect(server.requestsTo('auth.login')).toHaveLength(2);
    expect(server.requestsTo('reports.archive')).toHaveLength(2);
  });

  it('shares one re-login among concurrent calls refused with 401/30', async () => {
    const client = makeClient();
    numberedLogins(() => 4_000_000_000);
    server.always('reports.get_tags', tags);
    await client.reports.getTags({});
    const first = bearer(server.requestsTo('reports.get_tags')[0]);
    server.always('reports.get_tags', (req) => (bearer(req) === first ? invalidToken : tags));
    await Promise.all(Array.from({ length: 4 }, () => client.reports.getTags({})));
    expect(server.requestsTo('auth.login')).toHaveLength(2);
  });

  it('logs in again before a call when the token expires within the threshold', async () => {
    let now = 1_700_000_000_000;
    const exp = () => Math.floor(now / 1000) + 1_000;
    const client = makeClient({ now: () => now });
    numberedLogins(exp);
    server.always('reports.get_tags', tags);
    await client.reports.getTags({});
    now += 600_000; // 400 s left: above the 360 s threshold
    await client.reports.getTags({});
    expect(server.requestsTo('auth.login')).toHaveLength(1);
    now += 50_000; // 350 s left
    await client.reports.getTags({});
    const calls = server.requestsTo('reports.get_tags');
    expect(server.requestsTo('auth.login')).toHaveLength(2);
    expect(bearer(calls[2])).not.toBe(bearer(calls[1]));
    expect(server.requests.map((r) => r.endpoint)).toEqual([
      'auth.login',
      'reports.get_tags',
      'reports.get_tags',
      'auth.login',
      'reports.get_tags',
    ]);
  });
});

describe('short-lived tokens', () => {
  it('renews a token issued for less than twice the threshold at half its lifetime, not before every call', async () => {
    let now = 1_700_000_000_000;
    const client = makeClient({ now: () => now });
    server.always('auth.login', () =>
      ok({ token: makeToken({ iat: Math.floor(now / 1000), exp: Math.floor(now / 1000) + 300 }) }),
    );
    server.always('reports.get_tags', tags);
    await client.reports.getTags({});
    now += 100_000; // 200 s of 300 left
    await client.reports.getTags({});
    expect(server.requestsTo('auth.login')).toHaveLength(1);
    now += 60_000; // 140 s left: under half the lifetime
    await client.reports.getTags({});
    expect(server.requestsTo('auth.login')).toHaveLength(2);
  });
});

describe('a given token', () => {
  it('is sent as the bearer without logging in', async () => {
    const token = makeToken({ exp: 4_000_000_000 });
    const client = makeClient({ accessKey: undefined, secretKey: undefined, token });
    server.always('reports.get_tags', tags);
    await client.reports.getTags({});
    expect(server.requests.map((r) => r.endpoint)).toEqual(['reports.get_tags']);
    expect(bearer(server.requests[0])).toBe(token);
  });

  it('fails for good on 401 when there is no key pair, saying to get a new token', async () => {
    const client = makeClient({ accessKey: undefined, secretKey: undefined, token: 'opaque-token' });
    server.always('reports.get_tags', invalidToken);
    const err = await errorOf(client.reports.getTags({}));
    expect(err.kind).toBe('auth');
    expect(err.message).toContain('rejected the token');
    expect(err.message).toContain('get a new one');
    expect(server.requests.map((r) => r.endpoint)).toEqual(['reports.get_tags']);
  });

  it('is replaced through the key pair when both are configured and the token is refused', async () => {
    const client = makeClient({ token: 'stale-token' });
    server.reply('reports.get_tags', invalidToken, tags);
    await client.reports.getTags({});
    const calls = server.requestsTo('reports.get_tags');
    expect(bearer(calls[0])).toBe('stale-token');
    expect(bearer(calls[1])).not.toBe('stale-token');
    expect(server.requestsTo('auth.login')).toHaveLength(1);
  });
});

describe('serverInfo', () => {
  it('reads the server and user from the token claims, logging in first', async () => {
    const client = makeClient();
    server.always(
      'auth.login',
      ok({
        token: makeToken({
          exp: 1_900_000_000,
          api_version: '2.31',
          server_version: '2.0.0',
          identity: { user: 'u1', company: 'c1', user_name: 'Ada', company_name: 'Lab' },
        }),
      }),
    );
    await expect(client.serverInfo()).resolves.toEqual({
      apiHost: server.url,
      apiVersion: '2.31',
      serverVersion: '2.0.0',
      user: 'Ada',
      userId: 'u1',
      company: 'Lab',
      companyId: 'c1',
      tokenExpiresAt: 1_900_000_000_000,
    });
    expect(server.requestsTo('auth.login')).toHaveLength(1);
  });

  it('gives just the host for an opaque token', async () => {
    const client = makeClient({ accessKey: undefined, secretKey: undefined, token: 'not-a-jwt' });
    await expect(client.serverInfo()).resolves.toEqual({ apiHost: server.url });
    expect(server.requests).toHaveLength(0);
  });
});
