// The typed client the monitor uses (src/api), pointed at a test server by a hook.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createClient, type ApiClient } from '../../src/api/index.js';
import { forwardTo } from './hooked.js';
import type { TestServer } from './server.js';

/**
 * A client of `server()` for the test file (or, with `perTest`, for each test). Register it after
 * the server's hook: it starts after the server and is closed before it.
 */
export function withClient(server: () => TestServer, opts: { worker?: string; perTest?: boolean } = {}): ApiClient {
  let client: ApiClient | undefined;
  (opts.perTest ? beforeEach : beforeAll)(() => {
    const { url, accessKey, secretKey } = server();
    client = createClient({
      apiHost: url,
      accessKey,
      secretKey,
      ...(opts.worker !== undefined ? { worker: opts.worker } : {}),
    });
  });
  (opts.perTest ? afterEach : afterAll)(async () => {
    const done = client;
    client = undefined;
    await done?.close();
  });
  return forwardTo('the api client', () => client);
}
