// queues.* with the rules and answer shapes of real servers (the SDK's v2_23 queues.py models):
// what clearml-agent polls, what the SDK resolves names with, what the cluster view reads.
import { describe, expect, it } from 'vitest';
import { MAX_ENTRIES_ANSWERED } from '../../../src/server/db/queue-store.js';
import { withApi, type Answer } from '../../helpers/http.js';

let clock = Date.parse('2025-03-01T08:00:00Z');
const api = withApi({ now: () => clock });

async function newTask(name: string): Promise<string> {
  return (await api.ok('tasks.create', { name, type: 'training' })).id as string;
}

async function newQueue(name: string, extra: Record<string, unknown> = {}): Promise<string> {
  return (await api.ok('queues.create', { name, ...extra })).id as string;
}

async function line(queue: string): Promise<string[]> {
  const r = await api.ok('queues.get_by_id', { queue });
  return r.queue.entries.map((e: Answer) => e.task);
}

describe('queues.create / get_all / get_by_id / get_default', () => {
  it('creates queues with unique names and finds them by name pattern, ids and tags', async () => {
    const a = await newQueue('gpu-a100', { tags: ['big'] });
    const b = await newQueue('gpu-t4');
    await newQueue('cpu');
    const dup = await api.call('queues.create', { name: 'cpu' });
    expect([dup.status, dup.subcode]).toEqual([400, 801]);
    const gpu = await api.ok('queues.get_all', { name: '^gpu', only_fields: ['id', 'name'], order_by: ['name'] });
    expect(gpu.queues).toEqual([
      { id: a, name: 'gpu-a100' },
      { id: b, name: 'gpu-t4' },
    ]);
    const byId = await api.ok('queues.get_all', { id: [b] });
    expect(byId.queues).toHaveLength(1);
    expect(byId.queues[0]).toMatchObject({ id: b, name: 'gpu-t4', entries: [], tags: [], system_tags: [] });
    expect(typeof byId.queues[0].user).toBe('string');
    const tagged = await api.ok('queues.get_all', { tags: ['big'], only_fields: ['name'] });
    expect(tagged.queues).toEqual([{ id: a, name: 'gpu-a100' }]);
  });

  it('names a queue name passed to get_by_id as a name, and answers 400/701 for an unknown id', async () => {
    const id = await newQueue('by-name');
    const named = await api.call('queues.get_by_id', { queue: 'by-name' });
    expect([named.status, named.subcode]).toEqual([400, 701]);
    expect(named.msg).toContain(`its id is ${id}`);
    const unknown = await api.call('queues.get_by_id', { queue: 'f'.repeat(32) });
    expect([unknown.status, unknown.subcode]).toEqual([400, 701]);
  });

  it('finds the default queue by its system tag, and says when none or several are tagged', async () => {
    const none = await api.call('queues.get_default', {});
    expect([none.status, none.subcode]).toEqual([400, 707]);
    const id = await newQueue('the-default', { system_tags: ['default'] });
    expect(await api.ok('queues.get_default', {})).toEqual({ id, name: 'the-default' });
    await newQueue('another-default', { system_tags: ['default'] });
    const two = await api.call('queues.get_default', {});
    expect([two.status, two.subcode]).toEqual([400, 708]);
  });
});

describe('queue lines', () => {
  it('adds tasks last, pops the first atomically with its added time, and answers {} when empty', async () => {
    const q = await newQueue('line');
    const [t1, t2] = [await newTask('t1'), await newTask('t2')];
    expect(await api.ok('queues.add_task', { queue: q, task: t1 })).toEqual({ added: 1 });
    clock += 1000;
    await api.ok('queues.add_task', { queue: q, task: t2 });
    const again = await api.call('queues.add_task', { queue: q, task: t1 });
    expect([again.status, again.subcode]).toEqual([400, 706]);
    expect(await api.ok('queues.get_num_entries', { queue: q })).toEqual({ num: 2 });
    expect(await api.ok('queues.peek_task', { queue: q })).toEqual({ task: t1 });
    // Only when the named task is first in line.
    expect(await api.ok('queues.get_next_task', { queue: q, task: t2 })).toEqual({});
    const first = await api.ok('queues.get_next_task', { queue: q, get_task_info: true });
    expect(first.entry).toEqual({ task: t1, added: '2025-03-01T08:00:00+00:00' });
    expect(Object.keys(first.task_info).sort()).toEqual(['company', 'user']);
    expect((await api.ok('queues.get_next_task', { queue: q })).entry.task).toBe(t2);
    expect(await api.ok('queues.get_next_task', { queue: q })).toEqual({});
    const missing = await api.call('queues.get_next_task', { queue: 'f'.repeat(32) });
    expect([missing.status, missing.subcode]).toEqual([400, 701]);
  });

  it('moves a task forward, backward, to the front and to the back, answering its new place', async () => {
    const q = await newQueue('order');
    const ids: string[] = [];
    for (const n of ['a', 'b', 'c', 'd']) {
      const t = await newTask(n);
      ids.push(t);
      await api.ok('queues.add_task', { queue: q, task: t });
    }
    const [a, b, c, d] = ids as [string, string, string, string];
    expect(await api.ok('queues.move_task_to_front', { queue: q, task: c })).toEqual({ position: 0 });
    expect(await line(q)).toEqual([c, a, b, d]);
    expect(await api.ok('queues.move_task_backward', { queue: q, task: c, count: 2 })).toEqual({ position: 2 });
    expect(await line(q)).toEqual([a, b, c, d]);
    expect(await api.ok('queues.move_task_forward', { queue: q, task: d })).toEqual({ position: 2 });
    expect(await api.ok('queues.move_task_to_back', { queue: q, task: a })).toEqual({ position: 3 });
    expect(await line(q)).toEqual([b, d, c, a]);
    // Clamped into the line.
    expect(await api.ok('queues.move_task_forward', { queue: q, task: c, count: 10 })).toEqual({ position: 0 });
    expect(await api.ok('queues.remove_task', { queue: q, task: d })).toEqual({ removed: 1 });
    expect(await line(q)).toEqual([c, b, a]);
    const gone = await api.call('queues.remove_task', { queue: q, task: d });
    expect([gone.status, gone.subcode]).toEqual([400, 703]);
    const limited = await api.ok('queues.get_by_id', { queue: q, max_task_entries: 1 });
    expect(limited.queue.entries.map((e: Answer) => e.task)).toEqual([c]);
  });

  it('deletes an empty queue, and a busy one only when forced, giving its tasks their status back', async () => {
    const q = await newQueue('doomed');
    const t = await newTask('waiting');
    await api.ok('tasks.enqueue', { task: t, queue: q });
    const busy = await api.call('queues.delete', { queue: q });
    expect([busy.status, busy.subcode]).toEqual([400, 702]);
    expect(await api.ok('queues.delete', { queue: q, force: true })).toEqual({ deleted: 1 });
    const task = (await api.ok('tasks.get_all_ex', { id: [t], only_fields: ['status'] })).tasks[0];
    expect(task.status).toBe('created');
    expect((await api.call('queues.get_by_id', { queue: q })).status).toBe(400);
  });
});

describe('long lines', () => {
  it('lists at most the first MAX_ENTRIES_ANSWERED tasks of a queue, and counts them all', async () => {
    const q = await newQueue('very long');
    const { db } = api.server.server;
    const insert = db.prepare('INSERT INTO queue_entries (queue, task, added, position) VALUES (?, ?, ?, ?)');
    // Written straight into the table: the line, not the enqueueing, is what is tested.
    db.transaction(() => {
      for (let i = 0; i <= MAX_ENTRIES_ANSWERED; i++) insert.run(q, `task-${i}`, clock, i);
    })();
    const entries = (await api.ok('queues.get_by_id', { queue: q })).queue.entries;
    expect(entries).toHaveLength(MAX_ENTRIES_ANSWERED);
    expect(entries[0].task).toBe('task-0');
    const ex = await api.ok('queues.get_all_ex', { id: [q], only_fields: ['entries'], max_task_entries: 50_000 });
    expect(ex.queues[0].entries).toHaveLength(MAX_ENTRIES_ANSWERED);
    expect(await api.ok('queues.get_num_entries', { queue: q })).toEqual({ num: MAX_ENTRIES_ANSWERED + 1 });
  });
});

describe('queues.get_all_ex', () => {
  it('lists entries with task names and the live workers listening, and honours only_fields', async () => {
    const q = await newQueue('ex-queue');
    const t = await newTask('named task');
    await api.ok('queues.add_task', { queue: q, task: t });
    await api.ok('workers.register', { worker: 'box:0', queues: [q] });
    const r = await api.ok('queues.get_all_ex', { id: [q] });
    expect(r.queues[0].entries).toEqual([{ task: { id: t, name: 'named task' }, added: expect.any(String) }]);
    expect(r.queues[0].workers).toEqual([{ name: 'box:0', ip: expect.any(String), task: null }]);
    expect(r.queues[0].company).toEqual({ id: expect.any(String) });
    const slim = await api.ok('queues.get_all_ex', { id: [q], only_fields: ['name'] });
    expect(slim.queues[0]).toEqual({ id: q, name: 'ex-queue', workers: expect.any(Array) });
    await api.ok('workers.unregister', { worker: 'box:0' });
  });
});

describe('queues.get_queue_metrics', () => {
  it('charts each interval by its longest-waiting sample, sampled on every change of the line', async () => {
    clock = Date.parse('2025-03-02T00:00:00Z');
    const q = await newQueue('metered');
    const [t1, t2] = [await newTask('m1'), await newTask('m2')];
    await api.ok('queues.add_task', { queue: q, task: t1 });
    clock += 30_000;
    await api.ok('queues.add_task', { queue: q, task: t2 });
    clock += 120_000;
    await api.ok('queues.get_next_task', { queue: q });
    clock += 600_000;
    const from = Date.parse('2025-03-02T00:00:00Z') / 1000;
    const r = await api.ok('queues.get_queue_metrics', {
      from_date: from,
      to_date: from + 600,
      interval: 60,
      queue_ids: [q],
    });
    expect(r.queues).toEqual([
      {
        queue: q,
        dates: [from * 1000, (from + 120) * 1000],
        avg_waiting_times: [15, 120],
        queue_lengths: [2, 1],
      },
    ]);
    const bad = await api.call('queues.get_queue_metrics', { from_date: from, to_date: from, interval: 60 });
    expect([bad.status, bad.subcode]).toEqual([400, 16]);
  });
});
