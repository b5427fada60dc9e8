// tasks.clone / enqueue / dequeue and how stop, reset, delete and archive take a task out of line, with
// the rules and answer shapes of real servers (the SDK's v2_23 tasks.py models).
import { describe, expect, it } from 'vitest';
import { withApi, type Answer } from '../../helpers/http.js';

const api = withApi({ now: () => Date.parse('2025-03-01T08:00:00Z') });

async function newTask(name: string, extra: Record<string, unknown> = {}): Promise<string> {
  return (await api.ok('tasks.create', { name, type: 'training', ...extra })).id as string;
}

async function task(id: string): Promise<Answer> {
  return (await api.ok('tasks.get_all_ex', { id: [id] })).tasks[0];
}

async function line(queue: string): Promise<string[]> {
  return (await api.ok('queues.get_by_id', { queue })).queue.entries.map((e: Answer) => e.task);
}

describe('tasks.clone', () => {
  it('copies code, parameters and inputs into a new draft, not results, with the overrides asked', async () => {
    const project = (await api.ok('projects.create', { name: 'clone-src' })).id;
    const src = await newTask('train', { project, tags: ['t1'], comment: 'first' });
    await api.ok('tasks.edit', {
      task: src,
      script: { diff: 'print(1)', entry_point: 'train.py' },
      hyperparams: { Args: { lr: { section: 'Args', name: 'lr', value: '0.1' } } },
      execution: {
        artifacts: [
          { key: 'in', type: 'x', mode: 'input' },
          { key: 'out', type: 'x', mode: 'output' },
        ],
      },
      output_dest: 'file:///out',
    });
    await api.ok('tasks.started', { task: src });
    await api.ok('tasks.completed', { task: src });
    const r = await api.ok('tasks.clone', {
      task: src,
      new_task_name: 'train lr 0.5',
      new_task_hyperparams: { Args: { lr: { value: '0.5' } } },
    });
    expect(Object.keys(r)).toEqual(['id']);
    const c = await task(r.id);
    expect(c).toMatchObject({
      name: 'train lr 0.5',
      status: 'created',
      comment: 'first',
      tags: ['t1'],
      system_tags: [],
      project: { id: project },
      script: { diff: 'print(1)', entry_point: 'train.py' },
      hyperparams: { Args: { lr: { section: 'Args', name: 'lr', value: '0.5' } } },
      output: { destination: 'file:///out' },
      last_iteration: 0,
    });
    expect(c.execution.artifacts.map((a: Answer) => a.key)).toEqual(['in']);
    const moved = await api.ok('tasks.clone', { task: src, new_project_name: 'clones/of train' });
    expect(moved.new_project).toEqual({ id: expect.any(String), name: 'clones/of train' });
    expect((await task(moved.id)).project.id).toBe(moved.new_project.id);
    const missing = await api.call('tasks.clone', { task: 'f'.repeat(32) });
    expect([missing.status, missing.subcode]).toEqual([400, 101]);
  });
});

describe('tasks.enqueue / dequeue', () => {
  it('queues a draft in a queue by id, sets execution.queue, and dequeues it back to a draft', async () => {
    const q = (await api.ok('queues.create', { name: 'runs' })).id;
    const t = await newTask('to run');
    const r = await api.ok('tasks.enqueue', { task: t, queue: q, verify_watched_queue: true });
    expect(r).toMatchObject({ queued: 1, updated: 1, queue_watched: false, fields: { status: 'queued' } });
    expect(r.fields['execution.queue']).toBe(q);
    expect(await line(q)).toEqual([t]);
    expect((await task(t)).execution.queue).toBe(q);
    const again = await api.call('tasks.enqueue', { task: t, queue: q });
    expect([again.status, again.subcode]).toEqual([400, 706]);
    const d = await api.ok('tasks.dequeue', { task: t });
    expect(d).toMatchObject({ dequeued: 1, updated: 1, fields: { status: 'created' } });
    expect(await line(q)).toEqual([]);
  });

  it('creates a queue named by queue_name, uses the default queue without one, and refuses both', async () => {
    const t = await newTask('by name');
    const r = await api.ok('tasks.enqueue', { task: t, queue_name: 'made-on-demand' });
    const made = (await api.ok('queues.get_all', { name: '^made-on-demand$' })).queues[0];
    expect(r.fields['execution.queue']).toBe(made.id);
    const u = await newTask('no queue');
    const none = await api.call('tasks.enqueue', { task: u });
    expect([none.status, none.subcode]).toEqual([400, 707]);
    const def = (await api.ok('queues.create', { name: 'dflt', system_tags: ['default'] })).id;
    expect((await api.ok('tasks.enqueue', { task: u })).fields['execution.queue']).toBe(def);
    const both = await api.call('tasks.enqueue', { task: u, queue: def, queue_name: 'dflt' });
    expect([both.status, both.subcode]).toEqual([400, 12]);
  });

  it('moves a queued task to another queue, leaving the first, and keeps its status before queueing', async () => {
    const a = (await api.ok('queues.create', { name: 'first-q' })).id;
    const b = (await api.ok('queues.create', { name: 'second-q' })).id;
    const t = await newTask('stopped before');
    await api.ok('tasks.started', { task: t });
    await api.ok('tasks.stopped', { task: t });
    await api.ok('tasks.enqueue', { task: t, queue: a });
    await api.ok('tasks.enqueue', { task: t, queue: b });
    expect([await line(a), await line(b)]).toEqual([[], [t]]);
    expect((await api.ok('tasks.dequeue', { task: t })).fields.status).toBe('stopped');
  });

  it('refuses to queue a completed task unless forced', async () => {
    const q = (await api.ok('queues.create', { name: 'done-q' })).id;
    const t = await newTask('done');
    await api.ok('tasks.started', { task: t });
    await api.ok('tasks.completed', { task: t });
    const refused = await api.call('tasks.enqueue', { task: t, queue: q });
    expect([refused.status, refused.subcode]).toEqual([400, 110]);
    expect(await line(q)).toEqual([]);
    expect((await api.ok('tasks.enqueue', { task: t, queue: q, force: true })).queued).toBe(1);
  });

  it('lets the worker that popped a task dequeue it to in_progress (as clearml-agent does)', async () => {
    const q = (await api.ok('queues.create', { name: 'agent-q' })).id;
    const t = await newTask('popped');
    await api.ok('tasks.enqueue', { task: t, queue: q });
    expect((await api.ok('queues.get_next_task', { queue: q })).entry.task).toBe(t);
    const d = await api.ok('tasks.dequeue', { task: t, new_status: 'in_progress' });
    expect(d).toMatchObject({ dequeued: 1, updated: 1, fields: { status: 'in_progress' } });
    expect((await task(t)).execution.queue).toBe(q);
    const idle = await api.ok('tasks.dequeue', { task: t });
    expect(idle.updated).toBe(1);
    const draft = await newTask('never queued');
    expect(await api.ok('tasks.dequeue', { task: draft })).toEqual({ dequeued: 1, updated: 0 });
  });
});

describe('leaving the line', () => {
  it('takes a task out of line when it is stopped, reset or deleted', async () => {
    const q = (await api.ok('queues.create', { name: 'leave-q' })).id;
    const [s, r, d] = [await newTask('stop me'), await newTask('reset me'), await newTask('delete me')];
    for (const t of [s, r, d]) await api.ok('tasks.enqueue', { task: t, queue: q });
    expect((await api.ok('tasks.stop', { task: s })).fields.status).toBe('stopped');
    expect(await line(q)).toEqual([r, d]);
    await api.ok('tasks.reset', { task: r });
    expect((await task(r)).execution.queue).toBeUndefined();
    await api.ok('tasks.delete', { task: d, force: true });
    expect(await line(q)).toEqual([]);
  });

  it('takes an archived task out of line, back to its status before it was queued', async () => {
    const q = (await api.ok('queues.create', { name: 'archive-q' })).id;
    const t = await newTask('archive me');
    await api.ok('tasks.enqueue', { task: t, queue: q });
    expect((await api.ok('tasks.archive_many', { ids: [t] })).succeeded).toEqual([{ id: t, archived: true }]);
    expect(await line(q)).toEqual([]);
    expect(await task(t)).toMatchObject({ status: 'created', system_tags: ['archived'] });
  });

  it('queues again a stopped task that a worker pops', async () => {
    const q = (await api.ok('queues.create', { name: 'race-q' })).id;
    const t = await newTask('stopped in line');
    await api.ok('tasks.started', { task: t });
    await api.ok('tasks.stopped', { task: t });
    await api.ok('queues.add_task', { queue: q, task: t });
    await api.ok('queues.get_next_task', { queue: q });
    expect((await task(t)).status).toBe('queued');
  });
});
