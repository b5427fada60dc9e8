// A monitor store whose client reads through a front: a real node:http server that stands
// before the embedded server and changes some of its answers (huge-answers.ts, log-pages.ts).
// The test writes its data straight to the embedded server with `writer`.
import { createClient, type ApiClient } from '../../src/api/index.js';
import { createMonitorStore, type StoreDeps } from '../../src/store/index.js';
import type { MonitorState, MonitorStore } from '../../src/store/types.js';
import { startTestServer } from './server.js';
import { waitFor } from './timers.js';

export interface Front {
  url: string;
  close(): Promise<void>;
}

export interface FrontedStore<F extends Front> {
  writer: ApiClient;
  front: F;
  /** The store, made by `open` (throws before). */
  readonly store: MonitorStore;
  /** Makes the store on the front's client (random () => 1, 120 columns unless `deps` say). */
  open(deps: Omit<Partial<StoreDeps>, 'client'>): MonitorStore;
  until(check: (s: MonitorState) => boolean, what: string, timeoutMs: number): Promise<void>;
  /** Stops the store and closes the clients, the front and the server. */
  close(): Promise<void>;
}

export async function frontedStore<F extends Front>(
  startFront: (serverUrl: string) => Promise<F>,
): Promise<FrontedStore<F>> {
  const server = await startTestServer();
  const keys = { accessKey: server.accessKey, secretKey: server.secretKey };
  const writer = createClient({ apiHost: server.url, ...keys });
  const front = await startFront(server.url);
  const client = createClient({ apiHost: front.url, ...keys });
  let store: MonitorStore | undefined;
  const opened = (): MonitorStore => {
    if (store === undefined) throw new Error('the fronted store is not open yet');
    return store;
  };
  return {
    writer,
    front,
    get store() {
      return opened();
    },
    open(deps) {
      store = createMonitorStore({ client, random: () => 1, cols: 120, ...deps });
      return store;
    },
    until: (check, what, timeoutMs) => waitFor(() => check(opened().getState()), timeoutMs, what),
    async close() {
      store?.getState().actions.stop();
      await client.close();
      await writer.close();
      await front.close();
      await server.close();
    },
  };
}
