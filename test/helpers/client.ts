// The typed client the monitor uses (src/api), pointed at a test server by a hook.
import { createClient, type ApiClient } from '../../src/api/index.js';
import { hooked } from './hooked.js';
import type { TestServer } from './server.js';

/**
 * A client of `server()` for the test file (or, with `perTest`, for each test). Register it after
 * the server's hook: it starts after the server and is closed before it.
 */
export function withClient(server: () => TestServer, opts: { worker?: string; perTest?: boolean } = {}): ApiClient {
  return hooked(
    'the api client',
    () => {
      const { url, accessKey, secretKey } = server();
      return createClient({
        apiHost: url,
        accessKey,
        secretKey,
        worker: opts.worker,
      });
    },
    opts,
  );
}
