// tasks.archive_many / unarchive_many / move / stop(_many) / delete(_many) and
// projects.get_task_tags with the rules and answer shapes of real servers (the SDK's v2_23
// tasks.py and projects.py models).
import { describe, expect, it } from 'vitest';
import { withApi, type Answer } from '../../helpers/http.js';

let clock = Date.parse('2025-03-01T08:00:00Z');
const api = withApi({ now: () => clock });

async function task(id: string): Promise<Answer> {
  return (await api.ok('tasks.get_all_ex', { id: [id] })).tasks[0];
}

async function newTask(name: string, extra: Record<string, unknown> = {}): Promise<string> {
  return (await api.ok('tasks.create', { name, type: 'training', ...extra })).id as string;
}

describe('tasks.archive_many / unarchive_many', () => {
  it('toggles the archived system tag per id and reports an unknown id as failed', async () => {
    const a = await newTask('a', { system_tags: ['keep'] });
    const b = await newTask('b');
    const missing = 'f'.repeat(32);
    const r = await api.ok('tasks.archive_many', { ids: [a, b, missing] });
    expect(r.succeeded).toEqual([
      { id: a, archived: true },
      { id: b, archived: true },
    ]);
    expect(r.failed).toHaveLength(1);
    expect(r.failed[0]).toMatchObject({ id: missing, error: { codes: [400, 101] } });
    expect((await task(a)).system_tags).toEqual(['archived', 'keep']);
    const again = await api.ok('tasks.archive_many', { ids: [a] });
    expect(again.succeeded).toEqual([{ id: a, archived: false }]);
    const back = await api.ok('tasks.unarchive_many', { ids: [a] });
    expect(back).toEqual({ succeeded: [{ id: a, unarchived: true }], failed: [] });
    expect((await task(a)).system_tags).toEqual(['keep']);
  });
});

describe('archive and undo change what real servers change', () => {
  it('a bulk archive then unarchive gives the -last_update list back in the same order', async () => {
    const { id: project } = await api.ok('projects.create', { name: 'archive order' });
    const made: string[] = [];
    for (const name of ['o1', 'o2', 'o3', 'o4', 'o5']) {
      clock += 1000;
      made.push(await newTask(name, { project }));
    }
    const list = async (): Promise<string[]> =>
      (
        await api.ok('reports.get_task_data', {
          project: [project],
          only_fields: ['id'],
          order_by: ['-last_update'],
          system_tags: ['-archived'],
        })
      ).tasks.map((t: Answer) => t.id as string);
    const before = await list();
    expect(before).toEqual([...made].reverse());
    const picked = [made[0], made[2], made[3]] as string[];
    const stamps = async (id: string) => {
      const t = await task(id);
      return { last_update: t.last_update as string, last_change: t.last_change as string };
    };
    const was = await stamps(made[2] as string);
    clock += 60_000;
    await api.ok('tasks.archive_many', { ids: picked, status_reason: 'tidy', status_message: 'archived by test' });
    expect(await list()).toEqual(before.filter((id) => !picked.includes(id)));
    const archived = await task(made[2] as string);
    expect(archived).toMatchObject({ status_reason: 'tidy', status_message: 'archived by test' });
    expect(archived.last_update).toBe(was.last_update);
    expect(archived.last_change).not.toBe(was.last_change);
    clock += 60_000;
    await api.ok('tasks.unarchive_many', { ids: picked });
    expect(await list()).toEqual(before);
    expect((await stamps(made[2] as string)).last_update).toBe(was.last_update);
  });

  it('a report archived and unarchived keeps its last_update (reports.archive sets only last_change)', async () => {
    const { id } = await api.ok('reports.create', { name: 'archived report' });
    const read = async () => (await api.ok('reports.get_all_ex', { id: [id] })).tasks[0] as Answer;
    const was = await read();
    clock += 60_000;
    await api.ok('reports.archive', { task: id });
    clock += 60_000;
    await api.ok('reports.unarchive', { task: id });
    const now = await read();
    expect(now.last_update).toBe(was.last_update);
    expect(now.last_change).not.toBe(was.last_change);
  });
});

describe('tasks.move', () => {
  it('moves tasks to a project by name, creating it with its parents, and answers its id', async () => {
    const a = await newTask('m1');
    const b = await newTask('m2');
    const r = await api.ok('tasks.move', { ids: [a, b], project_name: 'team/vision' });
    expect(typeof r.project_id).toBe('string');
    const moved = await api.ok('tasks.get_all_ex', { id: [a, b], only_fields: ['project.name'] });
    expect(moved.tasks.map((t: Answer) => t.project)).toEqual([
      { id: r.project_id, name: 'team/vision' },
      { id: r.project_id, name: 'team/vision' },
    ]);
    const parent = await api.ok('projects.get_all_ex', { name: '^team$' });
    expect(parent.projects).toHaveLength(1);
  });

  it('refuses a call without project or project_name, and an unknown project id', async () => {
    const a = await newTask('m3');
    const none = await api.call('tasks.move', { ids: [a] });
    expect([none.status, none.subcode]).toEqual([400, 11]);
    const unknown = await api.call('tasks.move', { ids: [a], project: 'a'.repeat(32) });
    expect(unknown.status).toBe(400);
  });
});

describe('tasks.stop / stop_many', () => {
  it('stops a running task at once when no worker reports for it', async () => {
    const id = await newTask('run');
    await api.ok('tasks.started', { task: id });
    clock += 1000;
    const r = await api.ok('tasks.stop', { task: id });
    expect(r.updated).toBe(1);
    expect(r.fields.status).toBe('stopped');
    expect(r.fields.status_message).toMatch(/^Stopped by /);
    expect((await task(id)).status).toBe('stopped');
  });

  it('only says "stopping" while a worker still reports for a task run by an agent', async () => {
    const id = await newTask('agent-run');
    await api.ok('tasks.started', { task: id });
    await api.ok('tasks.ping', { task: id }, { headers: { 'X-ClearML-Worker': 'agent-1' } });
    const r = await api.ok('tasks.stop', { task: id });
    expect(r.fields).toMatchObject({ status: 'in_progress', status_message: 'stopping' });
    // The SDK marks tasks run from a developer's machine: those stop at once.
    const dev = await newTask('dev-run', { system_tags: ['development'] });
    await api.ok('tasks.started', { task: dev });
    await api.ok('tasks.ping', { task: dev }, { headers: { 'X-ClearML-Worker': 'laptop' } });
    expect((await api.ok('tasks.stop', { task: dev })).fields.status).toBe('stopped');
  });

  it('refuses a task that is not running unless forced; stop_many answers per id', async () => {
    const draft = await newTask('draft');
    const running = await newTask('running');
    await api.ok('tasks.started', { task: running });
    const refused = await api.call('tasks.stop', { task: draft });
    expect([refused.status, refused.subcode]).toEqual([400, 110]);
    const r = await api.ok('tasks.stop_many', { ids: [running, draft] });
    expect(r.succeeded.map((s: Answer) => [s.id, s.updated, s.fields.status])).toEqual([[running, 1, 'stopped']]);
    expect(r.failed).toMatchObject([{ id: draft, error: { codes: [400, 110] } }]);
  });
});

describe('tasks.delete / delete_many', () => {
  it('deletes a draft or an archived task, and refuses another without force', async () => {
    const draft = await newTask('d-draft');
    const done = await newTask('d-done');
    await api.ok('tasks.started', { task: done });
    await api.ok('tasks.completed', { task: done });
    const r = await api.ok('tasks.delete', { task: draft });
    expect(r).toEqual({ deleted: true, updated_children: 0, updated_models: 0, events: { deleted: 0 } });
    const refused = await api.call('tasks.delete', { task: done });
    expect([refused.status, refused.subcode]).toEqual([400, 123]);
    expect(refused.msg).toContain('use force=True');
    await api.ok('tasks.archive_many', { ids: [done] });
    expect((await api.ok('tasks.delete', { task: done })).deleted).toBe(true);
    expect((await api.ok('tasks.get_all_ex', { id: [draft, done] })).tasks).toEqual([]);
  });

  it('delete_many deletes what it may, forces when asked, and clears children and events', async () => {
    const parent = await newTask('p');
    const child = await newTask('c', { parent });
    await api.ok('tasks.started', { task: parent });
    await api.ok('events.add', {
      task: parent,
      type: 'training_stats_scalar',
      metric: 'loss',
      variant: 'train',
      iter: 1,
      value: 0.5,
    });
    const first = await api.ok('tasks.delete_many', { ids: [parent] });
    expect(first.succeeded).toEqual([]);
    expect(first.failed).toMatchObject([{ id: parent, error: { codes: [400, 123] } }]);
    const forced = await api.ok('tasks.delete_many', { ids: [parent], force: true });
    expect(forced.succeeded).toEqual([
      { id: parent, deleted: true, updated_children: 1, updated_models: 0, events: { deleted: 1 } },
    ]);
    expect((await task(child)).parent ?? null).toBeNull();
  });
});

describe('projects.get_task_tags', () => {
  it("lists the tags of tasks, not reports', and of the given projects only", async () => {
    const { id: project } = await api.ok('projects.create', { name: 'tagged' });
    await newTask('t1', { tags: ['zeta', 'alpha'], project });
    await newTask('t2', { tags: ['beta'], system_tags: ['sys'] });
    await api.ok('reports.create', { name: 'a report', tags: ['report-only'] });
    const all = await api.ok('projects.get_task_tags', {});
    expect(all.tags).toEqual(expect.arrayContaining(['alpha', 'beta', 'zeta']));
    expect(all.tags).not.toContain('report-only');
    expect(all.system_tags).toBeUndefined();
    const some = await api.ok('projects.get_task_tags', { projects: [project], include_system: true });
    expect(some).toEqual({ tags: ['alpha', 'zeta'], system_tags: [] });
  });
});
