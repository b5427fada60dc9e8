// A monitor store wired to the real embedded server through the real client, with a counting
// proxy in between (see proxy.ts) and timers that can be counted.
import { createClient, type ApiClient } from '../../src/api/index.js';
import { createMonitorStore } from '../../src/store/index.js';
import type { StoreDeps } from '../../src/store/index.js';
import type { MonitorState, MonitorStore } from '../../src/store/types.js';
import type { EventInput } from '../../src/wire/events.js';
import { startTestServer, type TestServer, type TestServerOptions } from './server.js';
import { startProxy, type CountingProxy } from './proxy.js';
import { trackedTimers, waitFor, type TrackedTimers } from './timers.js';

export interface MonitorFixture {
  server: TestServer;
  /** Writes test data straight to the server (not counted by the proxy). */
  writer: ApiClient;
  proxy: CountingProxy;
  /** The store's client, through the proxy. */
  client: ApiClient;
  store: MonitorStore;
  timers: TrackedTimers;
  state(): MonitorState;
  until(check: (s: MonitorState) => boolean, what?: string, timeoutMs?: number): Promise<void>;
  /** Stops the store and starts over with a fresh one on the same server (counters reset). */
  renew(overrides?: Partial<StoreDeps>): MonitorStore;
  close(): Promise<void>;
}

export async function monitorFixture(
  overrides: Partial<StoreDeps> = {},
  useProxy = true,
  serverOptions: TestServerOptions = {},
): Promise<MonitorFixture> {
  const server = await startTestServer(serverOptions);
  const keys = { accessKey: server.accessKey, secretKey: server.secretKey };
  const writer = createClient({ apiHost: server.url, ...keys });
  const proxy = await startProxy(server.url);
  const client = createClient({ apiHost: useProxy ? proxy.url : server.url, ...keys });
  const timers = trackedTimers();
  const makeStore = (more: Partial<StoreDeps>) =>
    createMonitorStore({
      client,
      intervalMs: 120,
      backoffBaseMs: 40,
      backoffCapMs: 320,
      selectionDebounceMs: 5,
      random: () => 1,
      setTimeout: timers.setTimeout,
      clearTimeout: timers.clearTimeout,
      rows: 30,
      cols: 120,
      ...overrides,
      ...more,
    });
  const fx: MonitorFixture = {
    server,
    writer,
    proxy,
    client,
    store: makeStore({}),
    timers,
    state: () => fx.store.getState(),
    until: (check, what = 'store state', timeoutMs = 8000) =>
      waitFor(() => check(fx.store.getState()), timeoutMs, what),
    renew(more = {}) {
      fx.store.getState().actions.stop();
      fx.store = makeStore(more);
      proxy.reset();
      return fx.store;
    },
    async close() {
      fx.store.getState().actions.stop();
      await client.close();
      await writer.close();
      await proxy.close();
      await fx.server.close();
    },
  };
  return fx;
}

let clock = Date.UTC(2025, 0, 1);

/** Creates a running training task. */
export async function createTask(
  writer: ApiClient,
  name: string,
  extra: { system_tags?: string[] } = {},
): Promise<string> {
  const { id } = await writer.tasks.create({ name, type: 'training', ...extra });
  await writer.tasks.started({ task: id });
  return id;
}

export async function addScalars(
  writer: ApiClient,
  task: string,
  metric: string,
  variant: string,
  values: number[],
  firstIter = 0,
): Promise<void> {
  const events: EventInput[] = values.map((value, i) => ({
    type: 'training_stats_scalar',
    task,
    metric,
    variant,
    iter: firstIter + i,
    value,
    timestamp: (clock += 10),
  }));
  await writer.events.addBatch(events);
}

/** Log lines `${prefix}${i}` for i in [from, to], one event each, timestamps ascending. */
export async function addLogLines(
  writer: ApiClient,
  task: string,
  from: number,
  to: number,
  text: (i: number) => string,
): Promise<void> {
  const chunk = 1000;
  for (let start = from; start <= to; start += chunk) {
    const events: EventInput[] = [];
    for (let i = start; i <= Math.min(to, start + chunk - 1); i++) {
      events.push({ type: 'log', task, msg: text(i), level: 'info', timestamp: (clock += 10) });
    }
    await writer.events.addBatch(events);
  }
}

/** Calls to `endpoint` seen at the proxy; with `bodyHas`, only those whose request body contains that text. */
export function countCalls(proxy: CountingProxy, endpoint: string, bodyHas?: string): number {
  if (bodyHas === undefined) return proxy.endpoints().filter((e) => e === endpoint).length;
  return proxy.calls.filter((c) => c.endpoint === endpoint && c.body.includes(bodyHas)).length;
}

/** Opens the logs pane on a fresh store (20 rows) and waits for the newest page. */
export async function openLogsPane(fx: MonitorFixture, deps: Partial<StoreDeps> = {}): Promise<void> {
  const { actions } = fx.renew(deps).getState();
  actions.setPaneRows('logs', 20);
  actions.focusPane('logs');
  actions.start();
  await fx.until((s) => s.logs.lines.length > 0 && !s.logs.loadingNewer, 'newest log page');
}

/** The bodies of the requests to `endpoint` the fixture's proxy saw, in order. */
export function requestBodies(fx: MonitorFixture, endpoint: string): Record<string, unknown>[] {
  return fx.proxy.calls
    .filter((c) => c.endpoint === endpoint)
    .map((c) => JSON.parse(c.body) as Record<string, unknown>);
}

/** The bodies of the `events.get_task_log` requests the fixture's proxy saw, in order. */
export function logRequests(fx: MonitorFixture): Record<string, unknown>[] {
  return requestBodies(fx, 'events.get_task_log');
}

/** The last read of the task list itself: idle polls also send one-row probes (list-probe.ts). */
export function lastListRequest(fx: MonitorFixture): Record<string, unknown> {
  return requestBodies(fx, 'reports.get_task_data').findLast((body) => body.page_size !== 1) ?? {};
}
