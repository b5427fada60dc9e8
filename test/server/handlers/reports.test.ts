import { describe, expect, it } from 'vitest';
import { shortenReport } from '../../../src/server/handlers/reports.js';
import { dumpCore, withApi, type Answer } from '../../helpers/http.js';

const api = withApi();

let seq = 0;
const uniqueName = (base = 'report') => `${base} ${++seq}`;

async function report(id: string): Promise<Answer> {
  const r = await api.ok('reports.get_all_ex', { id: [id] });
  return r.tasks[0];
}

async function project(id: string): Promise<Answer | undefined> {
  return (await api.ok('projects.get_all_ex', { id: [id] })).projects[0];
}

async function projectByName(name: string): Promise<Answer | undefined> {
  const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return (await api.ok('projects.get_all_ex', { name: `^${escaped}$`, search_hidden: true })).projects[0];
}

describe('reports.create', () => {
  it('creates a hidden draft report task in the root .reports project, created on demand', async () => {
    const r = await api.ok('reports.create', {
      name: uniqueName(),
      comment: 'c',
      tags: ['b', 'a', 'b'],
      report: '# Title',
      report_assets: ['s3://x/y.png'],
    });
    expect(r.id).toMatch(/^[0-9a-f]{32}$/);
    const t = await report(r.id);
    expect(t).toMatchObject({
      type: 'report',
      status: 'created',
      comment: 'c',
      tags: ['a', 'b'],
      system_tags: ['hidden', 'reports'],
      report: '# Title',
      report_assets: ['s3://x/y.png'],
      project: { id: r.project_id },
    });
    expect(t.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?\+00:00$/);
    const p = await project(r.project_id);
    expect(p).toMatchObject({
      name: '.reports',
      basename: '.reports',
      system_tags: ['hidden', 'reports'],
      description: 'Reports project',
    });
    expect(p).not.toHaveProperty('parent');
    const again = await api.ok('reports.create', { name: uniqueName() });
    expect(again.project_id).toBe(r.project_id);
  });

  it('puts a report of a project in "<project>/.reports", or in the .reports project it was given', async () => {
    const { id: parent } = await api.ok('projects.create', { name: 'Team A' });
    const r = await api.ok('reports.create', { name: uniqueName(), project: parent });
    expect((await project(r.project_id))?.name).toBe('Team A/.reports');
    expect((await project(r.project_id))?.parent).toEqual({ id: parent });
    const r2 = await api.ok('reports.create', { name: uniqueName(), project: r.project_id });
    expect(r2.project_id).toBe(r.project_id);
  });

  it('refuses a name shorter than 3 characters after trimming with 400/12', async () => {
    for (const name of ['ab', '  ab  ', '', 5, null]) {
      const r = await api.call('reports.create', { name });
      expect([r.status, r.subcode], String(name)).toEqual([400, 12]);
      expect(r.msg).toContain("'name'");
    }
  });

  it('refuses a duplicate name with a clear 400 and creates nothing', async () => {
    const name = uniqueName('dup');
    await api.ok('reports.create', { name });
    const before = dumpCore(api);
    const r = await api.call('reports.create', { name: `  ${name} ` });
    expect(r.status).toBe(400);
    expect(r.msg).toContain('already exists');
    expect(dumpCore(api)).toEqual(before);
  });

  it('refuses an unknown project id with 400/401 and creates nothing, not even the .reports project', async () => {
    const before = dumpCore(api);
    const r = await api.call('reports.create', { name: uniqueName(), project: 'f'.repeat(32) });
    expect([r.status, r.subcode]).toEqual([400, 401]);
    expect(r.msg).toContain('invalid project id');
    expect(dumpCore(api)).toEqual(before);
  });
});

describe('reports.update', () => {
  it('updates any field of a draft and answers the applied fields, tags sorted and report shortened', async () => {
    const { id } = await api.ok('reports.create', { name: uniqueName() });
    const long = `${'word '.repeat(40)}end`;
    const r = await api.ok('reports.update', {
      task: id,
      tags: ['z', 'a'],
      report: long,
      comment: 'new',
      report_assets: ['u'],
    });
    expect(r.updated).toBe(1);
    expect(r.fields.tags).toEqual(['a', 'z']);
    expect(r.fields.report).toBe(shortenReport(long));
    expect(r.fields.report.length).toBeLessThanOrEqual(100);
    expect(r.fields.report.endsWith(' [...]')).toBe(true);
    expect(r.fields).toMatchObject({ comment: 'new', report_assets: ['u'] });
    const t = await report(id);
    expect(t.report).toBe(long);
    expect(t.tags).toEqual(['a', 'z']);
  });

  it('answers updated 0 when no updatable field is given', async () => {
    const { id } = await api.ok('reports.create', { name: uniqueName() });
    expect(await api.ok('reports.update', { task: id, other: 1 })).toEqual({ updated: 0, fields: {} });
  });

  it('lets a published report change only name, tags and comment (else 400/110)', async () => {
    const { id } = await api.ok('reports.create', { name: uniqueName() });
    await api.ok('reports.publish', { task: id });
    const ok = await api.ok('reports.update', { task: id, name: uniqueName('renamed'), tags: ['t'], comment: 'c2' });
    expect(ok.updated).toBe(1);
    const before = dumpCore(api);
    for (const body of [{ report: 'x' }, { report_assets: [] }, { name: uniqueName(), report: 'x' }]) {
      const r = await api.call('reports.update', { task: id, ...body });
      expect([r.status, r.subcode]).toEqual([400, 110]);
      expect(r.msg).toBe('invalid task status: expected=created, status=published');
    }
    expect(dumpCore(api)).toEqual(before);
  });

  it('refuses renaming to the name of another report, and allows keeping its own name', async () => {
    const a = uniqueName();
    await api.ok('reports.create', { name: a });
    const { id } = await api.ok('reports.create', { name: uniqueName() });
    const r = await api.call('reports.update', { task: id, name: a });
    expect([r.status, r.subcode]).toEqual([400, 12]);
    const own = (await report(id)).name;
    expect((await api.call('reports.update', { task: id, name: own })).status).toBe(200);
  });

  it('answers 400/150 for a task that is not a report and 400/101 for an unknown id', async () => {
    const { id: task } = await api.ok('tasks.create', { name: 'train', type: 'training' });
    for (const op of [
      'reports.update',
      'reports.publish',
      'reports.archive',
      'reports.unarchive',
      'reports.delete',
      'reports.move',
    ]) {
      const body = { task, project: null };
      const notReport = await api.call(op, body);
      expect([notReport.status, notReport.subcode], op).toEqual([400, 150]);
      const unknown = await api.call(op, { task: 'a'.repeat(32), project: null });
      expect([unknown.status, unknown.subcode], op).toEqual([400, 101]);
    }
  });
});

describe('publish, archive, unarchive', () => {
  it('publishes from any status and reports the changed fields, taking message or comment', async () => {
    const { id } = await api.ok('reports.create', { name: uniqueName() });
    const r = await api.ok('reports.publish', { task: id, message: 'm1' });
    expect(r.updated).toBe(1);
    expect(r.fields).toMatchObject({
      status: 'published',
      status_reason: '',
      status_message: 'm1',
      last_changed_by: expect.any(String),
    });
    for (const k of ['status_changed', 'last_update', 'last_change', 'published'])
      expect(r.fields[k]).toMatch(/\+00:00$/);
    const again = await api.ok('reports.publish', { task: id, comment: 'c1' });
    expect(again.fields.status_message).toBe('c1');
    expect(await report(id)).toMatchObject({
      status: 'published',
      status_message: 'c1',
      published: expect.any(String),
    });
  });

  it('archives and unarchives by the archived system tag, idempotently', async () => {
    const { id } = await api.ok('reports.create', { name: uniqueName() });
    expect(await api.ok('reports.archive', { task: id, comment: 'bye' })).toEqual({ archived: 1 });
    expect(await api.ok('reports.archive', { task: id })).toEqual({ archived: 1 });
    expect((await report(id)).system_tags).toEqual(['archived', 'hidden', 'reports']);
    expect(await api.ok('reports.unarchive', { task: id, message: 'back' })).toEqual({ unarchived: 1 });
    expect(await report(id)).toMatchObject({ system_tags: ['hidden', 'reports'], status_message: 'back' });
  });
});

describe('reports.move', () => {
  it('moves by project_name, creating "<name>/.reports" and its parents, and deletes the emptied .reports', async () => {
    const { id: holder } = await api.ok('projects.create', { name: uniqueName('holder') });
    const { id, project_id: from } = await api.ok('reports.create', { name: uniqueName(), project: holder });
    const target = uniqueName('Outer') + '/Inner';
    const r = await api.ok('reports.move', { task: id, project_name: target });
    const dest = await project(r.project_id);
    expect(dest).toMatchObject({ name: `${target}/.reports`, system_tags: ['hidden', 'reports'] });
    expect(await projectByName(target)).toBeDefined();
    expect(await projectByName(target.split('/')[0]!)).toBeDefined();
    expect((await report(id)).project.id).toBe(r.project_id);
    expect(await project(from)).toBeUndefined();
    expect(await project(holder)).toBeDefined();
  });

  it('keeps a previous .reports project that still holds reports', async () => {
    const { id: a, project_id: root } = await api.ok('reports.create', { name: uniqueName() });
    await api.ok('reports.create', { name: uniqueName() });
    await api.ok('reports.move', { task: a, project_name: uniqueName('elsewhere') });
    expect(await project(root)).toBeDefined();
  });

  it('moves by project id, to a .reports project as is, and to the root with project: null', async () => {
    const { id: pid } = await api.ok('projects.create', { name: uniqueName('byid') });
    const { id } = await api.ok('reports.create', { name: uniqueName() });
    const r1 = await api.ok('reports.move', { task: id, project: pid });
    expect((await project(r1.project_id))?.parent).toEqual({ id: pid });
    const r2 = await api.ok('reports.move', { task: id, project: r1.project_id });
    expect(r2.project_id).toBe(r1.project_id);
    const r3 = await api.ok('reports.move', { task: id, project: null });
    expect(await project(r3.project_id)).toMatchObject({ name: '.reports' });
    expect(await project(r1.project_id)).toBeUndefined();
    const r4 = await api.ok('reports.move', { task: id, project_name: `${uniqueName('named')}/.reports` });
    expect((await project(r4.project_id))?.name).toMatch(/^named \d+\/\.reports$/);
  });

  it('answers 400/11 without project and project_name, 400/401 for an unknown project; nothing changes', async () => {
    const { id } = await api.ok('reports.create', { name: uniqueName() });
    const before = dumpCore(api);
    const none = await api.call('reports.move', { task: id });
    expect([none.status, none.subcode]).toEqual([400, 11]);
    const unknown = await api.call('reports.move', { task: id, project: 'e'.repeat(32) });
    expect([unknown.status, unknown.subcode]).toEqual([400, 401]);
    expect(dumpCore(api)).toEqual(before);
  });
});

describe('reports.delete', () => {
  it('refuses an unarchived draft or a published report without force (400/123, report kept)', async () => {
    const { id } = await api.ok('reports.create', { name: uniqueName() });
    const r = await api.call('reports.delete', { task: id });
    expect([r.status, r.subcode]).toEqual([400, 123]);
    expect(r.msg).toContain('force');
    await api.ok('reports.archive', { task: id });
    await api.ok('reports.publish', { task: id });
    const published = await api.call('reports.delete', { task: id });
    expect([published.status, published.subcode]).toEqual([400, 123]);
    expect(published.msg).toContain('published');
    expect(await report(id)).toBeDefined();
  });

  it('deletes an archived draft without force, and anything with force, with its events and empty .reports', async () => {
    const { id: holder } = await api.ok('projects.create', { name: uniqueName('del') });
    const { id, project_id } = await api.ok('reports.create', { name: uniqueName(), project: holder });
    await api.ok('events.add', { task: id, type: 'log', msg: 'hello', timestamp: 1 });
    await api.ok('reports.archive', { task: id });
    expect(await api.ok('reports.delete', { task: id })).toEqual({ deleted: 1 });
    expect(await report(id)).toBeUndefined();
    expect(await project(project_id)).toBeUndefined();
    const gone = await api.call('events.get_task_log', { task: id });
    expect([gone.status, gone.subcode]).toEqual([400, 101]);
    const other = await api.ok('reports.create', { name: uniqueName() });
    await api.ok('reports.publish', { task: other.id });
    expect(await api.ok('reports.delete', { task: other.id, force: true })).toEqual({ deleted: 1 });
  });
});

describe('reports.get_tags', () => {
  it('lists the sorted distinct user tags of all reports, archived and published included', async () => {
    const a = await api.ok('reports.create', { name: uniqueName(), tags: ['zeta', 'alpha'] });
    const b = await api.ok('reports.create', { name: uniqueName(), tags: ['alpha', 'mid'] });
    await api.ok('reports.archive', { task: a.id });
    await api.ok('reports.publish', { task: b.id });
    await api.ok('tasks.create', { name: 'not a report', type: 'training', tags: ['task-only'] });
    const { tags } = await api.ok('reports.get_tags', { anything: 1 });
    expect(tags).toEqual([...tags].sort());
    expect(tags).toEqual(expect.arrayContaining(['alpha', 'mid', 'zeta']));
    expect(new Set(tags).size).toBe(tags.length);
    expect(tags).not.toContain('task-only');
  });
});

describe('reports.get_task_data', () => {
  it('selects tasks of any type, hiding hidden ones unless search_hidden or id is given', async () => {
    const name = uniqueName('gtd');
    const { id: task } = await api.ok('tasks.create', { name, type: 'training' });
    const { id: rep } = await api.ok('reports.create', { name: `${name} report` });
    const plain = await api.ok('reports.get_task_data', { name: `^${name}`, only_fields: ['name', 'type'] });
    expect(plain.tasks).toEqual([{ id: task, name, type: 'training' }]);
    const hidden = await api.ok('reports.get_task_data', {
      name: `^${name}`,
      search_hidden: true,
      only_fields: ['name'],
    });
    expect(hidden.tasks.map((t: { id: string }) => t.id)).toEqual([task, rep]);
    const byId = await api.ok('reports.get_task_data', { id: [rep], only_fields: ['name'] });
    expect(byId.tasks).toEqual([{ id: rep, name: `${name} report` }]);
  });

  it('adds a section only when its key is in the request, built from the tasks events', async () => {
    const { id: task } = await api.ok('tasks.create', { name: uniqueName('sections'), type: 'training' });
    await api.ok('events.add', {
      task,
      type: 'training_stats_scalar',
      iter: 1,
      metric: 'loss',
      variant: 'train',
      value: 0.5,
    });
    const none = await api.ok('reports.get_task_data', { id: [task], only_fields: ['name'] });
    expect(Object.keys(none)).toEqual(['tasks']);
    const some = await api.ok('reports.get_task_data', {
      id: [task],
      only_fields: ['status'],
      scalar_metrics_iter_histogram: {},
      single_value_metrics: {},
    });
    expect(Object.keys(some).sort()).toEqual(['scalar_metrics_iter_histogram', 'single_value_metrics', 'tasks']);
    expect(some.scalar_metrics_iter_histogram.loss.train[task]).toMatchObject({ x: [1], y: [0.5] });
  });

  it('queries models instead of tasks with model_events', async () => {
    const name = uniqueName('model');
    const { id } = await api.ok('models.create', { name, ready: false });
    const r = await api.ok('reports.get_task_data', {
      model_events: true,
      name: `^${name}$`,
      only_fields: ['name', 'ready'],
    });
    expect(r.tasks).toEqual([{ id, name, ready: false }]);
  });
});

describe('shortenReport', () => {
  it('collapses whitespace, keeps short text and cuts long text at a word with " [...]"', () => {
    expect(shortenReport('  a \n b  ')).toBe('a b');
    const cut = shortenReport(`${'abcd '.repeat(30)}`);
    expect(cut.length).toBeLessThanOrEqual(100);
    expect(cut).toMatch(/^(abcd )+\[\.\.\.\]$/);
    expect(shortenReport('x'.repeat(150))).toBe('[...]');
  });
});
