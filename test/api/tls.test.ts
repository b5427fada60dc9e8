import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type ApiClient, type ClientOptions } from '../../src/api/index.js';
import { ApiError } from '../../src/api/errors.js';
import { FakeServer, ok } from '../helpers/fake-server.js';

// A self-signed certificate for 127.0.0.1/localhost, valid 2000-2100 (test fixture only).
const certPath = fileURLToPath(new URL('./fixtures/localhost-cert.pem', import.meta.url));
const tls = {
  cert: readFileSync(certPath, 'utf8'),
  key: readFileSync(new URL('./fixtures/localhost-key.pem', import.meta.url), 'utf8'),
};

let server: FakeServer;
const clients: ApiClient[] = [];

function makeClient(extra: Partial<ClientOptions>): ApiClient {
  const c = createClient({
    apiHost: server.url,
    accessKey: 'key',
    secretKey: 'secret',
    timeouts: { totalMs: 2_000 },
    retry: { maxRetries: 0 },
    ...extra,
  });
  clients.push(c);
  return c;
}

beforeEach(async () => {
  server = await FakeServer.start(tls);
  server.always('reports.get_tags', ok({ tags: ['secure'] }));
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await server.close();
});

describe('TLS', () => {
  it('rejects an untrusted certificate with kind tls naming the host', async () => {
    const err = await makeClient({})
      .reports.getTags({})
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).kind).toBe('tls');
    expect((err as ApiError).message).toContain(server.url.replace('https://', ''));
  });

  it('accepts any certificate when verifyCertificate is false', async () => {
    await expect(makeClient({ verifyCertificate: false }).reports.getTags({})).resolves.toEqual({ tags: ['secure'] });
  });

  it('trusts the CA bundle named by verifyCertificate', async () => {
    await expect(makeClient({ verifyCertificate: certPath }).reports.getTags({})).resolves.toEqual({
      tags: ['secure'],
    });
  });

  it('refuses a CA bundle path that cannot be read', () => {
    expect(() => makeClient({ verifyCertificate: '/nonexistent/ca.pem' })).toThrow(/cannot read the CA bundle/);
  });
});
