// While the monitor retries, the connection state says why the server cannot be reached.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../../src/api/index.js';
import { createMonitorStore } from '../../../src/store/index.js';
import { trackedTimers, waitFor } from '../../helpers/timers.js';

/** A port on 127.0.0.1 that nothing listens on: bound once, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('connection state while the server cannot be reached', () => {
  it('says "connection refused" when nothing listens', async () => {
    const port = await closedPort();
    const client = createClient({ apiHost: `http://127.0.0.1:${port}`, accessKey: 'k', secretKey: 's' });
    const timers = trackedTimers();
    const store = createMonitorStore({
      client,
      intervalMs: 200,
      backoffBaseMs: 50,
      backoffCapMs: 200,
      random: () => 1,
      setTimeout: timers.setTimeout,
      clearTimeout: timers.clearTimeout,
    });
    store.getState().actions.start();
    try {
      await waitFor(() => store.getState().connection.state === 'retrying', 10_000, 'retrying');
      expect(store.getState().connection.unreachable).toBe('connection refused');
    } finally {
      store.getState().actions.stop();
      await client.close?.();
    }
  });
});
