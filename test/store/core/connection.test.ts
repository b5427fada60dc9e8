import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../../helpers/server.js';
import {
  addScalars,
  countCalls,
  createTask,
  monitorFixture,
  type MonitorFixture,
} from '../../helpers/store-fixture.js';
import { sleep, waitFor } from '../../helpers/timers.js';
import { countInFlight } from '../../helpers/in-flight.js';

let fx: MonitorFixture | undefined;
const cleanups: (() => void)[] = [];
afterEach(async () => {
  await fx?.close();
  fx = undefined;
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe('monitor store: connection trouble', () => {
  it('keeps the data, marks it stale and backs off while the server is down, then recovers on its own', async () => {
    // The store talks to the server directly: closing the server is the outage. The database
    // lives in our own temp dir so it survives the server.
    const dir = mkdtempSync(join(tmpdir(), 'tracktop-store-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const dbPath = join(dir, 'server.db');
    fx = await monitorFixture({}, false, { dbPath });
    const task = await createTask(fx.writer, 'survivor');
    await addScalars(fx.writer, task, 'loss', 'train', [1, 2]);
    const { actions } = fx.store.getState();
    actions.start();
    await fx.until((s) => s.scalars.rows.length === 1, 'loaded');
    const port = Number(new URL(fx.server.url).port);
    await fx.server.close();

    // Record the retry countdowns the connection slice announces.
    const delays: number[] = [];
    let lastAttempt = 0;
    const unsubscribe = fx.store.subscribe((s) => {
      if (
        s.connection.state === 'retrying' &&
        s.connection.attempt !== lastAttempt &&
        s.connection.nextAttemptAt !== null
      ) {
        lastAttempt = s.connection.attempt;
        delays.push(s.connection.nextAttemptAt - Date.now());
      }
    });
    await fx.until((s) => s.connection.attempt >= 4, 'four failed attempts', 10_000);
    unsubscribe();
    const s = fx.state();
    expect(['retrying', 'stale']).toContain(s.connection.state);
    expect(s.connection.staleSince).not.toBeNull();
    expect(s.connection.lastError).toMatch(/refused|connect/i);
    // Data stays on screen.
    expect(s.tasks.ids).toEqual([task]);
    expect(s.scalars.rows).toHaveLength(1);
    expect(s.tasks.error).toBeNull();
    // Exponential: 40, 80, 160, 320 ms with the jitter fixed at its top (random() = 1), capped at 320.
    expect(delays.slice(0, 4).map((d) => Math.round(d / 40))).toEqual([1, 2, 4, 8]);
    await fx.until((st) => st.connection.attempt >= 6, 'capped attempts', 10_000);
    expect(fx.state().connection.nextAttemptAt! - Date.now()).toBeLessThanOrEqual(320);

    // The server comes back on the same port with the same database.
    fx.server = await startTestServer({ port, dbPath });
    await fx.until((st) => st.connection.state === 'live', 'live again', 10_000);
    expect(fx.state().connection).toMatchObject({ staleSince: null, nextAttemptAt: null, attempt: 0 });
    await addScalars(fx.writer, task, 'loss', 'train', [3], 2);
    await fx.until((st) => st.scalars.rows[0]?.last === 3, 'fresh data after recovery');
  });

  it('says the login failed when the credentials are refused', async () => {
    fx = await monitorFixture();
    const { createClient } = await import('../../../src/api/index.js');
    const bad = createClient({ apiHost: fx.server.url, accessKey: 'nobody', secretKey: 'wrong' });
    try {
      const store = fx.renew({ client: bad });
      store.getState().actions.start();
      await fx.until((s) => s.connection.state === 'auth-failed', 'auth failure');
      expect(fx.state().connection.authReason).toBeTruthy();
      expect(fx.state().tasks.error).toBeNull();
    } finally {
      fx.store.getState().actions.stop();
      await bad.close();
    }
  });

  it('stop() stops every poller and leaves no timer running', async () => {
    fx = await monitorFixture();
    const task = await createTask(fx.writer, 'stopper');
    await addScalars(fx.writer, task, 'loss', 'train', [1]);
    const { actions } = fx.store.getState();
    actions.setPaneRows('logs', 10);
    actions.start();
    actions.showStatus('hello', 'info', 60_000);
    await fx.until((s) => s.scalars.rows.length === 1 && s.logs.fetchedAt !== null, 'loaded');
    actions.stop();
    expect(fx.timers.pending()).toBe(0);
    const seen = fx.proxy.calls.length;
    await sleep(400);
    expect(fx.proxy.calls.length).toBe(seen);
    expect(fx.timers.pending()).toBe(0);
  });
});

describe('monitor store: slow server', () => {
  it('never has two requests of one concern in flight, however often it is woken', async () => {
    fx = await monitorFixture({ intervalMs: 20 });
    const tasks: string[] = [];
    for (let i = 0; i < 4; i++) {
      const t = await createTask(fx.writer, `slow-${i}`);
      await addScalars(fx.writer, t, 'loss', 'train', [i + 1]);
      tasks.push(t);
    }
    // The proxy answers slowly, so wake-ups arrive while requests are still in flight.
    for (const e of [
      'reports.get_task_data',
      'events.get_scalar_metrics_and_variants',
      'events.scalar_metrics_iter_histogram',
      'events.get_task_log',
    ]) {
      fx.proxy.delays.set(e, 150);
    }
    const counter = countInFlight(fx.client);
    const { actions } = fx.renew({ client: counter.client }).getState();
    actions.setPaneRows('logs', 10);
    actions.start();
    await fx.until((s) => s.tasks.ids.length === 4, 'list', 10_000);
    for (let i = 0; i < 15; i++) {
      actions.refresh();
      actions.moveSelection(i % 2 === 0 ? 1 : -1);
      await sleep(30);
    }
    await waitFor(() => countCalls(fx!.proxy, 'reports.get_task_data') >= 5, 10_000, 'several list requests');
    await fx.until((s) => s.scalars.fetchedAt !== null, 'detail', 10_000);
    expect(counter.maxInFlight.size).toBeGreaterThanOrEqual(4);
    for (const [endpoint, max] of counter.maxInFlight) expect({ endpoint, max }).toEqual({ endpoint, max: 1 });
  });
});
