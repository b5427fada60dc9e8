// unreachableReason: the few words the monitor shows while it retries a server it cannot reach.
// Refused connections and certificate failures come from real sockets; name lookups and an
// expired certificate are errors of the shape Node throws (a test cannot make DNS fail or a
// certificate expire reliably here).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiError, createClient, unreachableReason, type ApiClient } from '../../src/api/index.js';
import { FakeServer, ok } from '../helpers/fake-server.js';

const clients: ApiClient[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

async function failureOf(apiHost: string): Promise<unknown> {
  const client = createClient({
    apiHost,
    accessKey: 'key',
    secretKey: 'secret',
    timeouts: { totalMs: 5_000 },
    retry: { maxRetries: 0 },
  });
  clients.push(client);
  return client.reports.getTags({}).then(
    () => undefined,
    (err: unknown) => err,
  );
}

/** A port nothing listens on: one the system just gave out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** What undici's fetch rejects with: a TypeError whose cause is the system error. */
const fetchFailed = (code: string, message: string) =>
  new TypeError('fetch failed', { cause: Object.assign(new Error(message), { code }) });

describe('unreachableReason', () => {
  it('says "connection refused" for a port nothing listens on', async () => {
    const err = await failureOf(`http://127.0.0.1:${await closedPort()}`);
    expect(err).toBeInstanceOf(ApiError);
    expect(unreachableReason(err)).toBe('connection refused');
  });

  it('names a self-signed certificate', async () => {
    const server = await FakeServer.start({
      cert: readFileSync(new URL('./fixtures/localhost-cert.pem', import.meta.url), 'utf8'),
      key: readFileSync(new URL('./fixtures/localhost-key.pem', import.meta.url), 'utf8'),
    });
    try {
      server.always('reports.get_tags', ok({ tags: [] }));
      const err = await failureOf(server.url);
      expect(unreachableReason(err)).toBe('TLS: self-signed certificate');
    } finally {
      await server.close();
    }
  });

  it('tells a host that does not exist from a lookup that got no answer, and an expired certificate', () => {
    expect(unreachableReason(fetchFailed('ENOTFOUND', 'getaddrinfo ENOTFOUND nohost.example'))).toBe('no such host');
    expect(unreachableReason(fetchFailed('EAI_AGAIN', 'getaddrinfo EAI_AGAIN nohost.example'))).toBe(
      'host name lookup failed (DNS not answering)',
    );
    expect(unreachableReason(fetchFailed('CERT_HAS_EXPIRED', 'certificate has expired'))).toBe(
      'TLS: certificate expired',
    );
    expect(unreachableReason(fetchFailed('ECONNRESET', 'read ECONNRESET'))).toBe('connection reset');
    expect(unreachableReason(fetchFailed('EHOSTUNREACH', 'connect EHOSTUNREACH'))).toBe('network unreachable');
  });

  it('gives nothing when the server answered or the call was cancelled', () => {
    const answered = new ApiError({ kind: 'http', endpoint: 'x.y', message: 'bad request', httpStatus: 400 });
    const auth = new ApiError({ kind: 'auth', endpoint: 'x.y', message: 'invalid credentials', httpStatus: 401 });
    const cancelled = new ApiError({ kind: 'aborted', endpoint: 'x.y', message: 'request cancelled' });
    expect([answered, auth, cancelled].map(unreachableReason)).toEqual([undefined, undefined, undefined]);
  });
});
