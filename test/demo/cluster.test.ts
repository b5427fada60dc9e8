// The demo's cluster against the real embedded server: its queues with the seeded drafts waiting,
// simulated workers that report like clearml-agent on the demo's clock (held still here and moved
// by the test), and a worker that stops its task when the server asks it to.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type ApiClient } from '../../src/api/index.js';
import { runDemo, type RunningDemo } from '../../src/demo/run-demo.js';
import type { Queue, Worker } from '../../src/wire/cluster.js';
import { send } from '../helpers/http.js';
import { waitFor } from '../helpers/timers.js';

/** The demo's clock: still unless the test moves it. */
let clockMs = Date.now();
let demo: RunningDemo;
let client: ApiClient;

beforeAll(async () => {
  demo = await runDemo({
    signal: new AbortController().signal,
    log: () => undefined,
    intervalMs: 30,
    bigLogLines: 2000,
    now: () => clockMs,
    workerPollMs: 10,
  });
  client = createClient({ apiHost: demo.url, ...demo.credentials });
  await waitFor(() => demo.workers.stats().reports >= 4, 20_000, 'the first reports');
}, 120_000);

afterAll(async () => {
  await client?.close();
  await demo?.stop();
});

/** An agent's call (tracktop's client does not make it), with the demo's credentials. */
async function agentCall<D>(endpoint: string): Promise<D> {
  const reply = await send(demo.url, `/${endpoint}`, {}, { auth: `Bearer ${await client.bearerToken()}` });
  expect(reply.status, reply.msg).toBe(200);
  return reply.data as D;
}

async function workers(): Promise<Worker[]> {
  return (await client.workers.getAll({})).workers;
}

/** Waits for `n` more looks of the workers at the clock (each would report when due). */
async function workerTicks(n: number): Promise<void> {
  const from = demo.workers.stats().ticks;
  await waitFor(() => demo.workers.stats().ticks >= from + n, 10_000, `${n} worker ticks`);
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the demo cluster', () => {
  it('lists four workers, three running the live tasks and one idle listening to the default queue', async () => {
    const all = await workers();
    expect(all).toHaveLength(4);
    const running = all.filter((w) => w.task !== undefined);
    expect(running.map((w) => w.task?.id).sort()).toEqual([...demo.liveTaskIds].sort());
    const idle = all.filter((w) => w.task === undefined);
    expect(idle).toHaveLength(1);
    expect(idle[0]?.queues?.map((q) => q.name)).toEqual(['default']);
    const { tasks } = await client.tasks.getAllEx({ id: demo.liveTaskIds, only_fields: ['id', 'last_worker'] });
    for (const task of tasks) expect(task.last_worker).toBe(running.find((w) => w.task?.id === task.id)?.id);
  });

  it("runs each machine's agent as the person whose run it serves, the idle one as a demo user", async () => {
    const all = await workers();
    const { tasks } = await client.tasks.getAllEx({ id: demo.liveTaskIds, only_fields: ['id', 'user'] });
    const ownerOf = new Map(tasks.map((t) => [t.id, typeof t.user === 'object' ? t.user?.id : t.user]));
    const { users } = await client.users.getAllEx({});
    const demoUsers = new Set(users.filter((u) => u.name !== 'tracktop user').map((u) => u.id));
    for (const worker of all) {
      const user = worker.user?.id;
      if (worker.task === undefined) expect(demoUsers.has(user ?? '')).toBe(true);
      else expect(user).toBe(ownerOf.get(worker.task.id));
    }
    expect(new Set(all.map((w) => w.user?.id)).size).toBe(3);
  });

  it('has three queues, the default one tagged, with the two drafts waiting since a while ago', async () => {
    const { queues } = await agentCall<{ queues: Queue[] }>('queues.get_all');
    expect(queues.map((q) => q.name).sort()).toEqual(['cpu', 'default', 'gpu-long']);
    expect((await agentCall<{ name: string }>('queues.get_default')).name).toBe('default');
    const drafts = (demo.seeded?.tasks ?? []).filter((t) => t.status === 'created');
    expect(drafts).toHaveLength(2);
    const waiting = queues.flatMap((q) => (q.entries ?? []).map((e) => ({ queue: q.name, ...e })));
    expect(waiting.map((e) => e.task).sort()).toEqual(drafts.map((d) => d.id).sort());
    const minutesAgo = waiting.map((e) => Math.round((clockMs - Date.parse(e.added)) / 60_000)).sort();
    expect(minutesAgo).toEqual([18, 41]);
    const { tasks } = await client.tasks.getAllEx({ id: drafts.map((d) => d.id), only_fields: ['status'] });
    expect(tasks.map((t) => t.status)).toEqual(['queued', 'queued']);
  });

  it('reports every 30 s of the demo clock, busy machines busy and the idle one idle', async () => {
    const reportedAt = new Map((await workers()).map((w) => [w.id, w.last_report_time]));
    const from = clockMs;
    clockMs += 29_999;
    await workerTicks(3);
    for (const w of await workers()) expect(w.last_report_time, w.id).toBe(reportedAt.get(w.id));
    clockMs += 1;
    const due = clockMs;
    await until(
      async () => (await workers()).every((w) => Date.parse(w.last_report_time ?? '') === due),
      'the next reports',
    );

    // Two reports each now: the GPUs of a machine running a task are busy, the idle one's are not.
    const { workers: charts } = await client.workers.getStats({
      from_date: Math.floor(from / 1000) - 60,
      to_date: Math.floor(clockMs / 1000) + 3600,
      interval: 3600,
      items: [{ key: 'gpu_usage', aggregation: 'min' }],
    });
    const idle = (await workers()).find((w) => w.task === undefined)?.id;
    expect(charts).toHaveLength(4);
    for (const chart of charts) {
      const values = chart.metrics.flatMap((m) => m.stats.flatMap((s) => s.values));
      expect(values.length, chart.worker).toBeGreaterThan(0);
      for (const value of values)
        if (chart.worker === idle) expect(value, chart.worker).toBeLessThan(5);
        else expect(value, chart.worker).toBeGreaterThan(80);
    }
  });

  it('stops a worker-run task through its worker, which then writes nothing more for it', async () => {
    const [task = '', other = ''] = demo.liveTaskIds;
    const answer = await client.tasks.stopMany({ ids: [task] });
    // The monitor's K tells "its worker stops it next" from this answer (src/store/tasks/triage.ts).
    expect(answer.succeeded?.[0]?.fields).toMatchObject({ status: 'in_progress', status_message: 'stopping' });

    const read = async () =>
      (
        await client.tasks.getAllEx({
          id: [task],
          only_fields: ['status', 'status_reason', 'last_iteration'],
        })
      ).tasks[0];
    await until(async () => (await read())?.status === 'stopped', 'the worker to stop the task');
    expect((await read())?.status_reason).toBe('task was stopped by tasks.stop');
    expect(demo.workers.stats().stopped).toEqual([task]);
    const worker = (await workers()).find((w) => w.id === demo.seeded?.live.find((t) => t.id === task)?.run.worker);
    expect(worker?.task).toBeUndefined();

    // The newest lines: the agent's last one among them, and nothing after it.
    const logOf = async () => (await client.events.getTaskLog({ task, batch_size: 100 })).events;
    const log = await logOf();
    expect(log.map((e) => e.msg)).toContain('Process aborted by user');
    const iteration = (await read())?.last_iteration;
    const otherIteration = async () =>
      (await client.tasks.getAllEx({ id: [other], only_fields: ['last_iteration'] })).tasks[0]?.last_iteration ?? 0;
    const otherBefore = await otherIteration();
    const ticks = demo.liveRuns.stats().ticks;
    await waitFor(() => demo.liveRuns.stats().ticks >= ticks + 3, 10_000, 'three more live ticks');
    expect(await otherIteration()).toBeGreaterThan(otherBefore);
    expect((await read())?.last_iteration).toBe(iteration);
    expect(await logOf()).toEqual(log);
  });
});
