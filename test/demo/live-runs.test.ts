// Live runs against the real embedded server (in-process, temp SQLite file).
import { beforeAll, describe, expect, it } from 'vitest';

import type { DemoClient } from '../../src/demo/demo-client.js';
import { startLiveRuns, type LiveRuns } from '../../src/demo/live-runs.js';
import { SINGLE_VALUE_ITER } from '../../src/wire/events.js';
import { withClient } from '../helpers/client.js';
import { withTestServer } from '../helpers/server.js';

const server = withTestServer();
const client = withClient(() => server);

let projectId: string;

beforeAll(async () => {
  projectId = (await client.projects.create({ name: 'live/runs' })).id;
});

async function runningTasks(n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const { id } = await client.tasks.create({
      name: `live-${i}-${Math.random().toString(36).slice(2, 8)}`,
      type: 'training',
      project: projectId,
    });
    await client.tasks.started({ task: id });
    ids.push(id);
  }
  return ids;
}

async function lastIteration(task: string): Promise<number> {
  const { tasks } = await client.tasks.getAllEx({ id: [task], only_fields: ['id', 'last_iteration'] });
  return tasks[0]?.last_iteration ?? -1;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function timeouts(): number {
  return process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
}

/** Wraps the real client so chosen add_batch calls fail: a real server cannot be told to refuse one particular write. */
function failingClient(shouldFail: (call: number) => boolean): DemoClient & { calls: () => number } {
  let calls = 0;
  return {
    ...client,
    bearerToken: () => client.bearerToken(),
    events: {
      addBatch: async (events) => {
        calls += 1;
        if (shouldFail(calls)) throw new Error(`simulated network failure ${calls}`);
        return client.events.addBatch(events);
      },
    },
    calls: () => calls,
  };
}

describe('startLiveRuns', () => {
  it("advances each running task's last_iteration and log within a couple of ticks", async () => {
    const ids = await runningTasks(3);
    const controller = new AbortController();
    const live = startLiveRuns(client, ids, { signal: controller.signal, intervalMs: 40, filesBaseUrl: server.url });
    try {
      await waitFor(async () => (await Promise.all(ids.map(lastIteration))).every((i) => i >= 2));
      for (const task of ids) {
        const log = await client.events.getTaskLog({ task, batch_size: 100 });
        expect(log.events.length).toBeGreaterThan(0);
        const hist = await client.events.scalarMetricsIterHistogram({ task, samples: 0 });
        const variants = Object.values(hist).reduce((n, byVariant) => n + Object.keys(byVariant).length, 0);
        expect(variants).toBeGreaterThanOrEqual(5);
      }
      // The first tick reports single values (iteration 0 is a summary iteration).
      const single = await client.events.getTaskSingleValueMetrics({ tasks: ids });
      expect(single.tasks.every((t) => t.values.some((v) => v.metric === 'Summary'))).toBe(true);
      const raw = await client.events.getTaskEvents({
        task: ids[0] ?? '',
        event_type: 'training_stats_scalar',
        batch_size: 500,
      });
      expect(raw.events.some((e) => e.iter === SINGLE_VALUE_ITER)).toBe(true);
    } finally {
      controller.abort();
      await live.done;
    }
  });

  it('stops on abort: done resolves, no timer is left and nothing more is written', async () => {
    const before = timeouts();
    const [task = ''] = await runningTasks(1);
    const controller = new AbortController();
    const live = startLiveRuns(client, [task], { signal: controller.signal, intervalMs: 30, filesBaseUrl: server.url });
    await waitFor(async () => (await lastIteration(task)) >= 1);
    controller.abort();
    await live.done;
    expect(timeouts()).toBeLessThanOrEqual(before);
    const stopped = await lastIteration(task);
    const ticks = live.stats().ticks;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(await lastIteration(task)).toBe(stopped);
    expect(live.stats().ticks).toBe(ticks);
  });

  it('ends a run aborted on the server: it writes nothing more while the others go on', async () => {
    const [aborted = '', other = ''] = await runningTasks(2);
    const messages: string[] = [];
    const controller = new AbortController();
    const live = startLiveRuns(client, [aborted, other], {
      signal: controller.signal,
      intervalMs: 20,
      filesBaseUrl: server.url,
      log: (m) => messages.push(m),
    });
    try {
      await waitFor(async () => (await lastIteration(aborted)) >= 2);
      await client.tasks.stop({ task: aborted }); // what `K` sends
      // A tick in flight writes what it queued; the next one reads the status.
      const ticks = live.stats().ticks;
      await waitFor(async () => live.stats().ticks >= ticks + 2);
      const at = await lastIteration(aborted);
      const next = live.stats().nextIter[aborted];
      const otherAt = await lastIteration(other);
      await waitFor(async () => (await lastIteration(other)) >= otherAt + 3);
      expect(await lastIteration(aborted)).toBe(at);
      expect(live.stats().nextIter[aborted]).toBe(next);
      expect(messages.some((m) => /is stopped: it writes nothing more/.test(m))).toBe(true);
    } finally {
      controller.abort();
      await live.done;
    }
  });

  it('ends a run its worker stops: nothing is written for it once end() resolves, though it still runs', async () => {
    const [ended = '', other = ''] = await runningTasks(2);
    let armed = false;
    let ending: Promise<void> | undefined;
    let endResolved = false;
    let late = 0;
    const watched: DemoClient = {
      ...client,
      bearerToken: () => client.bearerToken(),
      events: {
        addBatch: async (events) => {
          const mine = events.some((e) => e.task === ended);
          // The worker ends the run while one of its writes is on the way (the worst moment).
          if (armed && mine && ending === undefined)
            ending = live.end(ended).then(() => {
              endResolved = true;
            });
          const answer = await client.events.addBatch(events);
          if (endResolved && mine) late += 1;
          return answer;
        },
      },
    };
    const controller = new AbortController();
    const live = startLiveRuns(watched, [ended, other], {
      signal: controller.signal,
      intervalMs: 5,
      filesBaseUrl: server.url,
    });
    try {
      await waitFor(async () => (await lastIteration(ended)) >= 2);
      armed = true;
      await waitFor(async () => endResolved);
      const endedAt = await lastIteration(ended);
      const otherAt = await lastIteration(other);
      await waitFor(async () => (await lastIteration(other)) >= otherAt + 3);
      expect(late).toBe(0);
      expect(await lastIteration(ended)).toBe(endedAt);
      const { tasks } = await client.tasks.getAllEx({ id: [ended], only_fields: ['status'] });
      expect(tasks[0]?.status).toBe('in_progress');
    } finally {
      controller.abort();
      await live.done;
    }
  });

  it('does nothing when the signal is already aborted', async () => {
    const demo = failingClient(() => false);
    const live: LiveRuns = startLiveRuns(demo, ['0'.repeat(32)], {
      signal: AbortSignal.abort(),
      intervalMs: 10,
      filesBaseUrl: server.url,
    });
    await live.done;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(demo.calls()).toBe(0);
  });

  it('logs a failed write and delivers its events on a later tick, leaving no gap', async () => {
    const [task = ''] = await runningTasks(1);
    const demo = failingClient((call) => call === 2 || call === 3);
    const messages: string[] = [];
    const controller = new AbortController();
    const live = startLiveRuns(demo, [task], {
      signal: controller.signal,
      filesBaseUrl: server.url,
      intervalMs: 20,
      log: (m) => messages.push(m),
    });
    try {
      await waitFor(async () => (await lastIteration(task)) >= 5);
    } finally {
      controller.abort();
      await live.done;
    }
    expect(live.stats().failedWrites).toBe(2);
    expect(messages.filter((m) => m.includes('write failed'))).toHaveLength(2);
    expect(messages.some((m) => m.includes('succeed again'))).toBe(true);
    const hist = await client.events.scalarMetricsIterHistogram({ task, samples: 0 });
    const x = hist.loss?.train?.x ?? [];
    expect(x).toEqual(Array.from({ length: x.length }, (_, i) => i));
    expect(x.length).toBeGreaterThanOrEqual(6);
  });

  it('keeps the queue bounded while writes keep failing, and logs only on powers of two', async () => {
    const demo = failingClient(() => true);
    const messages: string[] = [];
    const controller = new AbortController();
    const live = startLiveRuns(demo, ['1'.repeat(32)], {
      filesBaseUrl: server.url,
      signal: controller.signal,
      intervalMs: 5,
      jitter: 0,
      maxPendingEvents: 100,
      log: (m) => messages.push(m),
    });
    await waitFor(async () => live.stats().failedWrites >= 20);
    controller.abort();
    await live.done;
    const stats = live.stats();
    expect(stats.queuedEvents).toBeLessThanOrEqual(100);
    expect(stats.droppedEvents).toBeGreaterThan(0);
    const logged = messages.filter((m) => m.includes('write failed')).length;
    expect(logged).toBe(Math.floor(Math.log2(stats.failedWrites)) + 1);
  });
});
