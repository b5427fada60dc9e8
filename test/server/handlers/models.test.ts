import { describe, expect, it } from 'vitest';
import { dumpCore, withApi } from '../../helpers/http.js';

const api = withApi();

describe('models.create', () => {
  it('answers {id, created: true} and stores the model, ready by default as on real servers', async () => {
    const { id: project } = await api.ok('projects.create', { name: 'Models' });
    const { id: task } = await api.ok('tasks.create', { name: 'trainer', type: 'training' });
    const r = await api.ok('models.create', { name: 'net', uri: 's3://b/net.pt', project, task });
    expect(r).toEqual({ id: expect.stringMatching(/^[0-9a-f]{32}$/), created: true });
    const [m] = (await api.ok('models.get_all_ex', { id: [r.id] })).models;
    expect(m).toMatchObject({
      name: 'net',
      uri: 's3://b/net.pt',
      ready: true,
      project: { id: project },
      task: { id: task },
    });
    const draft = await api.ok('models.create', { name: 'draft net', ready: false });
    expect((await api.ok('models.get_all_ex', { id: [draft.id] })).models[0].ready).toBe(false);
  });

  it('refuses an unknown project (400/401) or task (400/101) and creates nothing', async () => {
    const before = dumpCore(api);
    const p = await api.call('models.create', { name: 'x', project: 'c'.repeat(32) });
    expect([p.status, p.subcode]).toEqual([400, 401]);
    const t = await api.call('models.create', { name: 'x', task: 'c'.repeat(32) });
    expect([t.status, t.subcode]).toEqual([400, 101]);
    expect(dumpCore(api)).toEqual(before);
  });
});

describe('models.get_all_ex', () => {
  it('filters by name, ready, task and joins task.name', async () => {
    const { id: task } = await api.ok('tasks.create', { name: 'owner task', type: 'training' });
    const a = (await api.ok('models.create', { name: 'family one', task, ready: false })).id;
    const b = (await api.ok('models.create', { name: 'family two' })).id;
    const ids = async (body: Record<string, unknown>) =>
      (await api.ok('models.get_all_ex', { name: '^family', only_fields: ['id'], ...body })).models.map(
        (m: { id: string }) => m.id,
      );
    expect(await ids({})).toEqual([a, b]);
    expect(await ids({ ready: true })).toEqual([b]);
    expect(await ids({ task: [task] })).toEqual([a]);
    expect(await ids({ order_by: ['-name'] })).toEqual([b, a]);
    const joined = await api.ok('models.get_all_ex', { id: [a], only_fields: ['task.name', 'project.name'] });
    expect(joined.models).toEqual([{ id: a, task: { id: task, name: 'owner task' } }]);
  });
});
