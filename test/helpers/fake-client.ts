// The client tests' usual setup: a FakeServer and a client of it for the file, with the
// recorded requests cleared before each test.
import { beforeEach } from 'vitest';
import { createClient, type ApiClient } from '../../src/api/index.js';
import { FakeServer } from './fake-server.js';
import { hooked } from './hooked.js';

export function withFakeServerClient(): { server: FakeServer; client: ApiClient } {
  const server = hooked('the fake server', () => FakeServer.start());
  const client = hooked('the api client', () =>
    createClient({ apiHost: server.url, accessKey: 'key', secretKey: 'secret', timeouts: { totalMs: 2_000 } }),
  );
  beforeEach(() => {
    server.requests.length = 0;
  });
  return { server, client };
}
