import { describe, expect, it } from 'vitest';
import { dumpCore, withApi } from '../../helpers/http.js';

const api = withApi();

describe('projects.create', () => {
  it('creates a project and answers {id}; a nested name creates its parents', async () => {
    const r = await api.ok('projects.create', { name: 'Deep/Er/Est', description: 'd', tags: ['t'] });
    expect(Object.keys(r)).toEqual(['id']);
    const all = await api.ok('projects.get_all_ex', {
      name: '^Deep',
      only_fields: ['name', 'basename', 'parent.name'],
      order_by: ['name'],
    });
    expect(
      all.projects.map((p: { name: string; basename: string; parent?: { name: string } }) => [
        p.name,
        p.basename,
        p.parent?.name,
      ]),
    ).toEqual([
      ['Deep', 'Deep', undefined],
      ['Deep/Er', 'Er', 'Deep'],
      ['Deep/Er/Est', 'Est', 'Deep/Er'],
    ]);
    const [leaf] = (await api.ok('projects.get_all_ex', { id: [r.id] })).projects;
    expect(leaf).toMatchObject({ description: 'd', tags: ['t'], system_tags: [] });
  });

  it('refuses a duplicate name with 400/403 and empty path parts with 400/12, creating nothing', async () => {
    await api.ok('projects.create', { name: 'Once' });
    const before = dumpCore(api);
    const dup = await api.call('projects.create', { name: ' Once ' });
    expect([dup.status, dup.subcode]).toEqual([400, 403]);
    expect(dup.msg).toBe('project name already exists: name=Once');
    for (const name of ['', 'a//b', '/x', 7]) {
      const r = await api.call('projects.create', { name });
      expect([r.status, r.subcode], String(name)).toEqual([400, 12]);
    }
    expect(dumpCore(api)).toEqual(before);
  });
});

describe('projects.get_all_ex', () => {
  it('lists hidden projects (.reports) only with search_hidden or when asked by id', async () => {
    const { project_id } = await api.ok('reports.create', { name: 'a report' });
    const plain = await api.ok('projects.get_all_ex', { name: '^\\.reports$' });
    expect(plain.projects).toEqual([]);
    const hidden = await api.ok('projects.get_all_ex', { name: '^\\.reports$', search_hidden: true });
    expect(hidden.projects.map((p: { id: string }) => p.id)).toEqual([project_id]);
    expect((await api.ok('projects.get_all_ex', { id: project_id })).projects).toHaveLength(1);
  });

  it('pages and scrolls like the other list calls', async () => {
    for (const n of ['P1', 'P2', 'P3']) await api.ok('projects.create', { name: `Paged/${n}` });
    const first = await api.ok('projects.get_all_ex', {
      parent: [(await api.ok('projects.get_all_ex', { name: '^Paged$' })).projects[0].id],
      scroll_id: '',
      size: 2,
      only_fields: ['basename'],
    });
    expect(first.projects.map((p: { basename: string }) => p.basename)).toEqual(['P1', 'P2']);
    const next = await api.ok('projects.get_all_ex', {
      scroll_id: first.scroll_id,
      size: 2,
      name: '^Paged/',
      only_fields: ['basename'],
    });
    expect(next.projects.map((p: { basename: string }) => p.basename)).toEqual(['P3']);
  });
});
