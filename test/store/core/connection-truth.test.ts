// The connection state tells the truth: an overdue list request marks the data stale since the
// last good answer, a malformed answer is named, and `r` starts the backoff over. The store
// talks to the real embedded server through the counting proxy, which delays or rewrites
// answers (no real server answers late or malformed on demand).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { OVERDUE_MAX_MS, OVERDUE_MIN_MS, overdueAfterMs } from '../../../src/store/core/connection.js';
import { startTestServer } from '../../helpers/server.js';
import { createTask, monitorFixture, type MonitorFixture } from '../../helpers/store-fixture.js';
import { waitFor } from '../../helpers/timers.js';
import type { ProxyCall } from '../../helpers/proxy.js';

const LIST = 'reports.get_task_data';
const INTERVAL_MS = 300;

let fx: MonitorFixture | undefined;
const cleanups: (() => void)[] = [];
afterEach(async () => {
  await fx?.close();
  fx = undefined;
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** The list request answered last. */
function lastListAnswer(f: MonitorFixture): ProxyCall {
  const answered = f.proxy.calls.filter((c) => c.endpoint === LIST && c.answeredAt !== undefined);
  return answered.reduce((a, b) => (b.answeredAt! > a.answeredAt! ? b : a));
}

describe('overdue list requests', () => {
  it('waits twice the last duration, between 2 s and 3 s', () => {
    expect(overdueAfterMs(null)).toBe(OVERDUE_MIN_MS);
    expect(overdueAfterMs(40)).toBe(OVERDUE_MIN_MS);
    expect(overdueAfterMs(1250)).toBe(2500);
    expect(overdueAfterMs(9000)).toBe(OVERDUE_MAX_MS);
  });

  it('marks the data stale since the last good answer within interval + 3 s, and live when the answer comes', async () => {
    fx = await monitorFixture({ intervalMs: INTERVAL_MS });
    const task = await createTask(fx.writer, 'slow');
    fx.store.getState().actions.start();
    await fx.until((s) => s.connection.state === 'live' && s.tasks.ids.includes(task), 'live');
    await waitFor(() => fx!.proxy.calls.filter((c) => c.endpoint === LIST).length >= 3, 5000, 'a few polls');

    // From now on the list's answers take 5 s: the server looks frozen.
    fx.proxy.delays.set(LIST, 5000);
    const frozenAt = Date.now();
    await fx.until((s) => s.connection.state === 'unanswered', 'unanswered', 8000);
    const noticedAfter = Date.now() - frozenAt;
    expect(noticedAfter).toBeLessThanOrEqual(INTERVAL_MS + 3000);
    // The last good answer is one asked before the freeze (one in flight then may land after it).
    const lastCall = lastListAnswer(fx);
    expect(lastCall.delayedMs).toBeUndefined();
    const lastGood = lastCall.answeredAt!;
    const staleSince = fx.state().connection.staleSince!;
    expect(staleSince).toBeGreaterThanOrEqual(lastGood);
    expect(staleSince - lastGood).toBeLessThan(100);
    // The data stays.
    expect(fx.state().tasks.ids).toEqual([task]);

    fx.proxy.delays.delete(LIST);
    await fx.until((s) => s.connection.state === 'live', 'live once the slow answer arrives', 8000);
    expect(fx.state().connection.staleSince).toBeNull();
  });

  it('r drops the overdue request and asks again at once', async () => {
    fx = await monitorFixture({ intervalMs: INTERVAL_MS });
    fx.store.getState().actions.start();
    await fx.until((s) => s.connection.state === 'live', 'live');
    fx.proxy.delays.set(LIST, 20_000);
    await fx.until((s) => s.connection.state === 'unanswered', 'unanswered', 8000);
    fx.proxy.delays.delete(LIST);
    const asked = Date.now();
    fx.store.getState().actions.refresh();
    await fx.until((s) => s.connection.state === 'live', 'live after r', 3000);
    expect(Date.now() - asked).toBeLessThan(1000);
  });
});

describe('malformed answers', () => {
  it('names the endpoint in the connection state, keeps the rows, and is live again once the answers are good', async () => {
    fx = await monitorFixture({ intervalMs: INTERVAL_MS });
    const task = await createTask(fx.writer, 'kept');
    fx.store.getState().actions.start();
    await fx.until((s) => s.connection.state === 'live' && s.tasks.ids.includes(task), 'live');
    // No real server sends these: the proxy replaces the list with null.
    fx.proxy.rewrites.set(LIST, (body) => JSON.stringify({ ...JSON.parse(body), data: { tasks: null } }));
    await fx.until((s) => s.connection.state === 'malformed', 'malformed');
    const s = fx.state();
    expect(s.connection.malformedEndpoint).toBe(LIST);
    expect(s.connection.lastError).toBe(`server answered malformed data for ${LIST}: tasks is null, expected an array`);
    expect(s.connection.staleSince).not.toBeNull();
    expect(s.tasks.ids).toEqual([task]);
    expect(s.tasks.error?.message).toContain('malformed');

    fx.proxy.rewrites.delete(LIST);
    await fx.until((st) => st.connection.state === 'live' && st.tasks.error === null, 'live again');
  });
});

describe('backoff while the server is gone', () => {
  it('r starts the backoff over from the first, shortest delay', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tracktop-store-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const dbPath = join(dir, 'server.db');
    fx = await monitorFixture({ backoffBaseMs: 100, backoffCapMs: 10_000 }, false, { dbPath });
    fx.store.getState().actions.start();
    await fx.until((s) => s.connection.state === 'live', 'live');
    const port = Number(new URL(fx.server.url).port);
    await fx.server.close();
    await fx.until((s) => s.connection.attempt >= 4, 'four failed attempts', 10_000);
    // Attempt 4 waits 800 ms (random() = 1); after r the next failure waits the first 100 ms again.
    fx.store.getState().actions.refresh();
    await fx.until((s) => s.connection.attempt === 1, 'attempt 1 after r', 3000);
    const c = fx.state().connection;
    expect(c.nextAttemptAt! - Date.now()).toBeLessThanOrEqual(100);

    fx.server = await startTestServer({ port, dbPath });
    await fx.until((s) => s.connection.state === 'live', 'live again', 5000);
  });

  it('caps the retry delay at 3 s by default, so a server back is seen within seconds', async () => {
    fx = await monitorFixture({ backoffBaseMs: 1000, backoffCapMs: undefined }, false);
    const delays: number[] = [];
    const unsubscribe = fx.store.subscribe((s) => {
      if (s.connection.state === 'retrying' && s.connection.nextAttemptAt !== null) {
        const d = s.connection.nextAttemptAt - Date.now();
        if (delays.length < s.connection.attempt) delays.push(d);
      }
    });
    fx.store.getState().actions.start();
    await fx.until((s) => s.connection.state === 'live', 'live');
    await fx.server.close();
    await fx.until((s) => s.connection.attempt >= 3, 'three failed attempts', 15_000);
    unsubscribe();
    // 1 s, 2 s, then the cap instead of 4 s (random() = 1 puts the jitter at its top).
    expect(delays.slice(0, 3).map((d) => Math.round(d / 1000))).toEqual([1, 2, 3]);
  });
});
