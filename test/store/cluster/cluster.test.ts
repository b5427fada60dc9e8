// The cluster slice against the embedded server: its pollers run only while the Cluster view is
// shown (leaving it aborts what is in flight), queues are cut to the pane's share of rows with
// their real length kept, the workers' bars and the selected worker's last hour arrive, the
// queue keys send their requests, and Enter on a worker selects its task in the Tasks view.
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoreClient } from '../../../src/store/client.js';
import { monitorFixture, type MonitorFixture } from '../../helpers/store-fixture.js';
import { basicAuth, send } from '../../helpers/http.js';
import type { MonitorState, QueueMove } from '../../../src/store/types.js';

let fx: MonitorFixture;
let bearer: string;

/** A call the monitor's client does not make (an agent's): plain HTTP, failing the test unless 200. */
async function agentCall(endpoint: string, body: unknown): Promise<Record<string, unknown>> {
  const reply = await send(fx.server.url, `/${endpoint}`, body, { auth: bearer });
  if (reply.status !== 200) throw new Error(`${endpoint}: ${reply.status} ${reply.msg}`);
  return reply.data as Record<string, unknown>;
}

const clusterEndpoints = (endpoints: string[]) =>
  endpoints.filter((e) => e.startsWith('workers.') || e.startsWith('queues.'));

interface Seeded {
  queue: string;
  busy: string;
  waiting: string[];
  running: string;
}

/** A queue with `waiting` tasks in line, a worker running a task and an idle one, both reporting. */
async function seed(waiting = 3): Promise<Seeded> {
  const login = await send(
    fx.server.url,
    '/auth.login',
    {},
    { auth: basicAuth(fx.server.accessKey, fx.server.secretKey) },
  );
  bearer = `Bearer ${login.data.token as string}`;
  const queue = (await agentCall('queues.create', { name: 'gpu-queue' })).id as string;
  const running = (await fx.writer.tasks.create({ name: 'running job', type: 'training' })).id;
  const ids: string[] = [];
  for (let i = 0; i < waiting; i++) {
    const id = (await fx.writer.tasks.create({ name: `waiting ${i}`, type: 'training' })).id;
    await fx.writer.tasks.enqueue({ task: id, queue });
    ids.push(id);
  }
  await agentCall('workers.register', { worker: 'host:busy', queues: [queue] });
  await agentCall('workers.register', { worker: 'host:idle', queues: [queue] });
  const stats = { cpu_usage: [40, 60], gpu_usage: [90], memory_used: 3000, memory_free: 1000 };
  await agentCall('workers.status_report', {
    worker: 'host:busy',
    timestamp: Date.now(),
    machine_stats: stats,
    task: running,
    queue,
  });
  await agentCall('workers.status_report', {
    worker: 'host:idle',
    timestamp: Date.now(),
    machine_stats: { cpu_usage: [5], memory_used: 1000, memory_free: 3000 },
  });
  return { queue, busy: 'host:busy', waiting: ids, running };
}

/** How many times the store has asked `endpoint` so far. */
const asked = (endpoint: string) => fx.proxy.endpoints().filter((e) => e === endpoint).length;

beforeEach(async () => {
  fx = await monitorFixture();
});

afterEach(async () => {
  await fx.close();
});

describe('cluster pollers', () => {
  it('poll only while the Cluster view is shown', async () => {
    await seed();
    fx.store.getState().actions.start();
    await fx.until(() => asked('reports.get_task_data') >= 2, 'two task list polls');
    expect(clusterEndpoints(fx.proxy.endpoints())).toEqual([]);

    fx.store.getState().actions.setView('cluster');
    await fx.until((s) => s.cluster.workers.length === 2 && s.cluster.queues.length === 1, 'the cluster');
    // Each poll asks for workers and queues at once, in either order: wait for both.
    await fx.until(
      () => asked('workers.get_all') >= 3 && asked('queues.get_all_ex') >= 3,
      'three cluster polls of workers and queues',
    );

    fx.store.getState().actions.setView('tasks');
    fx.proxy.reset();
    await fx.until(() => asked('reports.get_task_data') >= 3, 'three task list polls after leaving');
    expect(clusterEndpoints(fx.proxy.endpoints())).toEqual([]);
  });

  it('aborts the requests in flight when the view is left', async () => {
    await seed();
    const real = fx.client;
    const signals: AbortSignal[] = [];
    const client: StoreClient = {
      ...real,
      workers: {
        ...real.workers,
        getAll: (body, options) => {
          if (options?.signal) signals.push(options.signal);
          return real.workers.getAll(body, options);
        },
      },
    };
    fx.proxy.delays.set('workers.get_all', 5000);
    const store = fx.renew({ client });
    store.getState().actions.start();
    store.getState().actions.setView('cluster');
    await fx.until(() => signals.length === 1, 'the workers request sent');
    expect(signals[0]?.aborted).toBe(false);
    store.getState().actions.setView('tasks');
    expect(signals[0]?.aborted).toBe(true);
  });

  it('asks each queue for its share of the rows and its real length when cut', async () => {
    await seed(12);
    fx.store.getState().actions.setPaneRows('queues', 5);
    fx.store.getState().actions.start();
    fx.store.getState().actions.setView('cluster');
    await fx.until((s) => s.cluster.queues[0]?.length === 12, 'the real length');
    const queue = fx.state().cluster.queues[0];
    // 5 rows, one queue: a heading and 4 waiting tasks.
    expect(queue?.entries.map((e) => e.name)).toEqual(['waiting 0', 'waiting 1', 'waiting 2', 'waiting 3']);
    expect(queue?.workers).toBe(2);
    const asks = fx.proxy.calls.filter((c) => c.endpoint === 'queues.get_all_ex').map((c) => JSON.parse(c.body));
    expect(asks[0].max_task_entries).toBe(4);
    expect(asked('queues.get_num_entries')).toBeGreaterThanOrEqual(1);
  });

  it('asks no length for a queue shorter than its share', async () => {
    await seed(2);
    fx.store.getState().actions.setPaneRows('queues', 10);
    fx.store.getState().actions.start();
    fx.store.getState().actions.setView('cluster');
    await fx.until(() => asked('queues.get_all_ex') >= 2, 'two queue polls');
    expect(fx.state().cluster.queues[0]?.length).toBe(2);
    expect(asked('queues.get_num_entries')).toBe(0);
  });

  it("shows who runs what, the bars of the last report and the selected worker's hour", async () => {
    const seeded = await seed();
    fx.store.getState().actions.start();
    fx.store.getState().actions.setView('cluster');
    await fx.until((s) => s.cluster.bars['host:busy'] !== undefined && s.cluster.workers.length === 2, 'the bars');
    const busy = fx.state().cluster.workers.find((w) => w.id === 'host:busy');
    expect(busy).toMatchObject({ taskId: seeded.running, taskName: 'running job', queues: ['gpu-queue'] });
    expect(fx.state().cluster.workers.find((w) => w.id === 'host:idle')?.taskId).toBeNull();
    expect(fx.state().cluster.bars['host:busy']).toEqual({ cpu: 50, gpu: 90, memory: 75 });
    expect(fx.state().cluster.bars['host:idle']).toEqual({ cpu: 5, gpu: null, memory: 25 });
    // host:busy sorts first and is selected: its last hour, one point a minute.
    await fx.until((s) => s.cluster.spark !== null, 'the sparkline');
    expect(fx.state().cluster.spark).toEqual({ worker: 'host:busy', cpu: [50], gpu: [90] });
    const sparkAsk = fx.proxy.calls
      .filter((c) => c.endpoint === 'workers.get_stats')
      .map((c) => JSON.parse(c.body))
      .find((b) => b.worker_ids !== undefined);
    expect(sparkAsk).toMatchObject({ worker_ids: ['host:busy'], interval: 60 });
    expect(sparkAsk.to_date - sparkAsk.from_date).toBe(3600);

    // Another worker: the old hour is dropped at once and the new one asked for.
    fx.store.getState().actions.moveSelection(1);
    expect(fx.state().cluster.spark).toBeNull();
    await fx.until((s) => s.cluster.spark?.worker === 'host:idle', "the idle worker's hour");
    expect(fx.state().cluster.spark?.gpu).toEqual([]);
  });

  it('fetches the bars every 6th interval and the hour every 12th', async () => {
    await seed();
    fx.store.getState().actions.start();
    fx.store.getState().actions.setView('cluster');
    await fx.until(() => asked('workers.get_all') >= 14, 'fourteen polls');
    const stats = fx.proxy.calls.filter((c) => c.endpoint === 'workers.get_stats').map((c) => JSON.parse(c.body));
    const bars = stats.filter((b) => b.worker_ids === undefined).length;
    const hours = stats.filter((b) => b.worker_ids !== undefined).length;
    // At most one of each at once, then one per 6 (12) intervals: 14 polls make 3 (2) at most.
    expect(bars).toBeGreaterThanOrEqual(2);
    expect(bars).toBeLessThanOrEqual(4);
    expect(hours).toBeLessThanOrEqual(3);
    expect(hours).toBeLessThan(bars);
  });
});

describe('cluster keys', () => {
  const entryNames = (s: MonitorState) => s.cluster.queues[0]?.entries.map((e) => e.name) ?? [];

  it('reorders the selected waiting task and removes it after a confirm', async () => {
    const seeded = await seed(3);
    fx.store.getState().actions.start();
    fx.store.getState().actions.setView('cluster');
    fx.store.getState().actions.focusPane('queues');
    await fx.until((s) => entryNames(s).length === 3, 'the line');
    const actions = () => fx.store.getState().actions;

    await actions().moveQueueEntry('down');
    expect(entryNames(fx.state())).toEqual(['waiting 1', 'waiting 0', 'waiting 2']);
    expect(fx.state().cluster.selectedEntry?.task).toBe(seeded.waiting[0]);
    const moves = () => fx.proxy.calls.filter((c) => c.endpoint.startsWith('queues.move_task'));
    expect(moves().map((c) => [c.endpoint, JSON.parse(c.body)])).toEqual([
      ['queues.move_task_backward', { queue: seeded.queue, task: seeded.waiting[0], count: 1 }],
    ]);
    await actions().moveQueueEntry('bottom');
    await actions().moveQueueEntry('up');
    await actions().moveQueueEntry('top');
    expect(moves().map((c) => c.endpoint)).toEqual([
      'queues.move_task_backward',
      'queues.move_task_to_back',
      'queues.move_task_forward',
      'queues.move_task_to_front',
    ]);
    await fx.until(() => asked('queues.get_all_ex') >= 6, 'the line again');
    expect(entryNames(fx.state())).toEqual(['waiting 0', 'waiting 1', 'waiting 2']);

    actions().requestQueueRemove();
    const dialog = fx.state().dialog;
    expect(dialog).toMatchObject({ kind: 'confirm', owner: 'queues', action: 'remove' });
    expect(dialog?.kind === 'confirm' && dialog.lines[0]).toBe('waiting 0');
    expect(asked('queues.remove_task')).toBe(0);
    await actions().submitDialog();
    const removal = fx.proxy.calls.find((c) => c.endpoint === 'queues.remove_task');
    expect(JSON.parse(removal?.body ?? '{}')).toEqual({ queue: seeded.queue, task: seeded.waiting[0] });
    await fx.until((s) => entryNames(s).join() === 'waiting 1,waiting 2', 'the line without it');
  });

  it('sends no queue change with --read-only', async () => {
    await seed(2);
    const store = fx.renew({ readOnly: true });
    store.getState().actions.start();
    store.getState().actions.setView('cluster');
    await fx.until((s) => entryNames(s).length === 2, 'the line');
    await store.getState().actions.moveQueueEntry('down');
    store.getState().actions.requestQueueRemove();
    expect(fx.state().dialog).toBeNull();
    expect(fx.proxy.endpoints().filter((e) => e.startsWith('queues.') && e !== 'queues.get_all_ex')).toEqual([]);
  });

  it('Enter on a worker selects its task in the Tasks view', async () => {
    const seeded = await seed();
    fx.store.getState().actions.start();
    fx.store.getState().actions.setView('cluster');
    await fx.until((s) => s.cluster.workers.length === 2, 'the workers');
    expect(fx.state().cluster.selectedWorker).toBe('host:busy');
    fx.store.getState().actions.openSelected();
    await fx.until((s) => s.tasks.selectedId === seeded.running, 'the running task selected');
    expect(fx.state().ui.view).toBe('tasks');
    expect(fx.state().ui.focus.tasks).toBe('tasks');

    // An idle worker has no task to open: the view stays.
    fx.store.getState().actions.setView('cluster');
    fx.store.getState().actions.moveSelection(1);
    fx.store.getState().actions.openSelected();
    expect(fx.state().ui.view).toBe('cluster');
    expect(fx.state().status?.text).toContain('host:idle is idle');
  });
});

describe('queue moves, in any order', () => {
  it("show at once a line the server's answer begins with", async () => {
    const seeded = await seed(6);
    const actions = () => fx.store.getState().actions;
    // 5 rows: a heading and the first 4 of the 6 waiting tasks.
    actions().setPaneRows('queues', 5);
    actions().start();
    actions().setView('cluster');
    actions().focusPane('queues');
    const shown = () => fx.state().cluster.queues[0]?.entries.map((e) => e.taskId) ?? [];
    const serverLine = async () => {
      const answer = await fx.writer.queues.getAllEx({ id: [seeded.queue], only_fields: ['entries'] });
      return (answer.queues[0]?.entries ?? []).map((e) => e.task.id);
    };
    const step = fc.record({
      move: fc.constantFrom<QueueMove>('up', 'down', 'top', 'bottom'),
      pick: fc.nat({ max: 3 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 5 }), async (steps) => {
        // Each run starts from the seeded order, shown.
        for (const id of seeded.waiting) await fx.writer.queues.moveTaskToBack({ queue: seeded.queue, task: id });
        const first = seeded.waiting.slice(0, 4).join();
        // A whole poll begun after the reset (polls never overlap: the second is sent after the first is shown).
        const polls = asked('queues.get_all_ex');
        await fx.until(() => asked('queues.get_all_ex') >= polls + 2, 'a poll after the reset');
        expect(shown().join()).toBe(first);
        for (const { move, pick } of steps) {
          const target = Math.min(pick, shown().length - 1);
          actions().moveSelection(target - fx.state().cluster.entryIndex);
          await actions().moveQueueEntry(move);
          const line = shown();
          expect((await serverLine()).slice(0, line.length)).toEqual(line);
        }
      }),
      { numRuns: 15 },
    );
  }, 60_000);
});
