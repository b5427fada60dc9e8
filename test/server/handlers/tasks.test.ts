import { describe, expect, it } from 'vitest';
import { dumpCore, withApi, type Answer } from '../../helpers/http.js';

let clock = Date.parse('2025-02-01T08:00:00Z');
const api = withApi({ now: () => clock });

async function task(id: string): Promise<Answer> {
  return (await api.ok('tasks.get_all_ex', { id: [id] })).tasks[0];
}

describe('tasks.create', () => {
  it('creates a draft task and answers {id} with a 32-hex id', async () => {
    const { id: project } = await api.ok('projects.create', { name: 'Runs' });
    const r = await api.ok('tasks.create', {
      name: 'train',
      type: 'training',
      project,
      comment: 'c',
      tags: ['y', 'x'],
      system_tags: ['s'],
    });
    expect(Object.keys(r)).toEqual(['id']);
    expect(r.id).toMatch(/^[0-9a-f]{32}$/);
    expect(await task(r.id)).toMatchObject({
      name: 'train',
      type: 'training',
      status: 'created',
      comment: 'c',
      tags: ['x', 'y'],
      system_tags: ['s'],
      project: { id: project },
      created: '2025-02-01T08:00:00+00:00',
      last_iteration: 0,
      last_metrics: {},
    });
  });

  it('refuses an unknown type, a missing name and an unknown project, creating nothing', async () => {
    const before = dumpCore(api);
    for (const body of [
      { name: 'x', type: 'nonsense' },
      { type: 'training' },
      { name: 'x', type: 'training', project: 'a'.repeat(32) },
    ]) {
      const r = await api.call('tasks.create', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect([12, 401]).toContain(r.subcode);
    }
    expect(dumpCore(api)).toEqual(before);
  });
});

describe('status changes', () => {
  it('walks created → in_progress → completed → published and answers {updated, fields}', async () => {
    const { id } = await api.ok('tasks.create', { name: 'walk', type: 'training' });
    clock += 1000;
    const started = await api.ok('tasks.started', { task: id });
    expect(started.updated).toBe(1);
    expect(started.fields).toMatchObject({
      status: 'in_progress',
      started: '2025-02-01T08:00:01+00:00',
      status_reason: '',
    });
    clock += 1500;
    const completed = await api.ok('tasks.completed', { task: id, status_message: 'done' });
    expect(completed.fields).toMatchObject({
      status: 'completed',
      completed: '2025-02-01T08:00:02.500000+00:00',
      status_message: 'done',
    });
    const published = await api.ok('tasks.publish', { task: id });
    expect(published.fields.status).toBe('published');
    expect(await task(id)).toMatchObject({
      status: 'published',
      started: expect.any(String),
      completed: expect.any(String),
      published: expect.any(String),
    });
  });

  it('stops and fails running tasks', async () => {
    const a = (await api.ok('tasks.create', { name: 'a', type: 'training' })).id;
    await api.ok('tasks.started', { task: a });
    expect((await api.ok('tasks.stopped', { task: a })).fields.status).toBe('stopped');
    await api.ok('tasks.started', { task: a });
    expect((await api.ok('tasks.failed', { task: a, status_reason: 'oom' })).fields).toMatchObject({
      status: 'failed',
      status_reason: 'oom',
    });
  });

  it('refuses an invalid transition with 400/110 unless forced', async () => {
    const { id } = await api.ok('tasks.create', { name: 'draft', type: 'training' });
    const r = await api.call('tasks.completed', { task: id });
    expect([r.status, r.subcode]).toEqual([400, 110]);
    expect(r.msg).toBe('invalid task status (Invalid status change): current_status=created, new_status=completed');
    expect((await task(id)).status).toBe('created');
    expect((await api.ok('tasks.completed', { task: id, force: true })).fields.status).toBe('completed');
    await api.ok('tasks.publish', { task: id });
    const locked = await api.call('tasks.started', { task: id });
    expect([locked.status, locked.subcode]).toEqual([400, 110]);
  });

  it('answers 400/101 for an unknown task', async () => {
    for (const op of ['tasks.started', 'tasks.stopped', 'tasks.completed', 'tasks.failed', 'tasks.publish']) {
      const r = await api.call(op, { task: 'b'.repeat(32) });
      expect([r.status, r.subcode], op).toEqual([400, 101]);
    }
  });
});

describe('tasks.get_all_ex', () => {
  it('hides hidden tasks (reports) unless search_hidden or an id list is given', async () => {
    const rep = (await api.ok('reports.create', { name: 'hidden report' })).id;
    const visible = await api.ok('tasks.get_all_ex', { name: 'hidden report', only_fields: ['id'] });
    expect(visible.tasks).toEqual([]);
    expect(
      (await api.ok('tasks.get_all_ex', { name: 'hidden report', search_hidden: true })).tasks.map(
        (t: { id: string }) => t.id,
      ),
    ).toEqual([rep]);
    expect((await api.ok('tasks.get_all_ex', { id: [rep] })).tasks).toHaveLength(1);
  });

  it('filters by type, status, project with subprojects, parent and archived system tag', async () => {
    const top = (await api.ok('projects.create', { name: 'Tree' })).id;
    const leaf = (await api.ok('projects.create', { name: 'Tree/Leaf' })).id;
    const t1 = (await api.ok('tasks.create', { name: 'tree one', type: 'testing', project: top })).id;
    const t2 = (await api.ok('tasks.create', { name: 'tree two', type: 'inference', project: leaf, parent: t1 })).id;
    const t3 = (
      await api.ok('tasks.create', { name: 'tree three', type: 'inference', project: leaf, system_tags: ['archived'] })
    ).id;
    const ids = async (body: Record<string, unknown>) =>
      (await api.ok('tasks.get_all_ex', { only_fields: ['id'], name: '^tree', ...body })).tasks.map(
        (t: { id: string }) => t.id,
      );
    expect(await ids({ project: [top] })).toEqual([t1]);
    expect(await ids({ project: [top], include_subprojects: true })).toEqual([t1, t2, t3]);
    expect(await ids({ type: ['inference'] })).toEqual([t2, t3]);
    expect(await ids({ type: ['-inference'] })).toEqual([t1]);
    expect(await ids({ parent: [t1] })).toEqual([t2]);
    expect(await ids({ system_tags: ['-archived'] })).toEqual([t1, t2]);
    clock += 1000;
    await api.ok('tasks.started', { task: t2 });
    expect(await ids({ status: ['in_progress'] })).toEqual([t2]);
    expect(await ids({ order_by: ['-last_update'], page_size: 1 })).toEqual([t2]);
  });

  it('orders by a last_metrics value path', async () => {
    const a = (await api.ok('tasks.create', { name: 'metric a', type: 'training' })).id;
    const b = (await api.ok('tasks.create', { name: 'metric b', type: 'training' })).id;
    await api.ok('events.add', {
      task: a,
      type: 'training_stats_scalar',
      iter: 1,
      metric: 'loss',
      variant: 'v',
      value: 2,
    });
    await api.ok('events.add', {
      task: b,
      type: 'training_stats_scalar',
      iter: 1,
      metric: 'loss',
      variant: 'v',
      value: 1,
    });
    const [{ last_metrics }] = (await api.ok('tasks.get_all_ex', { id: [a], only_fields: ['last_metrics'] })).tasks;
    const m = Object.keys(last_metrics)[0]!;
    const v = Object.keys(last_metrics[m])[0]!;
    const order = await api.ok('tasks.get_all_ex', {
      name: '^metric',
      order_by: [`last_metrics.${m}.${v}.value`],
      only_fields: ['id'],
    });
    expect(order.tasks.map((t: { id: string }) => t.id)).toEqual([b, a]);
  });
});
