import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE } from '../../../src/server/http/limits.js';
import { startApi, withApi } from '../../helpers/http.js';

let clock = Date.parse('2025-03-01T12:00:00.250Z');
const api = withApi({ now: () => clock });
const ids: Record<string, string> = {};
let pA: string;
let pS: string;
let pB: string;

// Fixture: four reports in four places with different tags and states.
beforeAll(async () => {
  pA = (await api.ok('projects.create', { name: 'Alpha' })).id;
  pS = (await api.ok('projects.create', { name: 'Alpha/Sub' })).id;
  pB = (await api.ok('projects.create', { name: 'Beta' })).id;
  const make = async (key: string, body: Record<string, unknown>) => {
    clock += 1000;
    ids[key] = (await api.ok('reports.create', body)).id;
  };
  await make('r1', { name: 'Loss study', tags: ['a'], comment: 'beta' });
  await make('r2', { name: 'Accuracy notes', tags: ['a', 'b'], project: pA, comment: 'alpha' });
  await make('r3', { name: 'Zebra', tags: ['b', 'c'], project: pS });
  await make('r4', { name: 'no tags', project: pB });
  await api.ok('reports.update', { task: ids.r1, report: 'Hello world: the loss went down' });
  clock += 1000;
  await api.ok('reports.publish', { task: ids.r2 });
  await api.ok('reports.archive', { task: ids.r3 });
});

const names = (tasks: { id: string }[]) =>
  tasks.map((t) => Object.entries(ids).find(([, id]) => id === t.id)?.[0] ?? t.id);

async function query(body: Record<string, unknown>): Promise<string[]> {
  return names((await api.ok('reports.get_all_ex', { only_fields: ['id'], ...body })).tasks);
}

describe('defaults', () => {
  it('returns every report, archived included, in creation order', async () => {
    expect(await query({})).toEqual(['r1', 'r2', 'r3', 'r4']);
  });

  it('never returns tasks that are not reports', async () => {
    await api.ok('tasks.create', { name: 'Loss study', type: 'training' });
    expect(await query({ name: 'Loss' })).toEqual(['r1']);
  });
});

describe('patterns', () => {
  it('matches name as a case-sensitive unanchored regex in Python syntax', async () => {
    expect(await query({ name: 'tud' })).toEqual(['r1']);
    expect(await query({ name: 'loss' })).toEqual([]);
    expect(await query({ name: '^[A-Z][a-z]+ (?P<word>\\w+)$' })).toEqual(['r1', 'r2']);
    expect(await query({ name: '(?i)^LOSS' })).toEqual(['r1']);
    expect(await query({ name: '\\Ano tags\\Z' })).toEqual(['r4']);
  });

  it('answers an invalid or overlong pattern with 400/12 saying it is invalid', async () => {
    for (const name of ['(', '[a-', 'x'.repeat(501), '(?x) a']) {
      const r = await api.call('reports.get_all_ex', { name });
      expect([r.status, r.subcode], name.slice(0, 10)).toEqual([400, 12]);
      expect(r.msg).toContain('invalid regular expression');
    }
  });

  it('_any_ and _all_ match case-insensitively across the listed fields', async () => {
    expect(await query({ _any_: { pattern: 'HELLO', fields: ['name', 'report'] } })).toEqual(['r1']);
    expect(await query({ _any_: { pattern: 'zebra|notes', fields: ['name', 'id', 'tags', 'report'] } })).toEqual([
      'r2',
      'r3',
    ]);
    expect(await query({ _all_: { pattern: 'a', fields: ['name', 'tags'] } })).toEqual(['r2']);
    expect(await query({ any: { pattern: '^c$', fields: ['tags'] } })).toEqual(['r3']);
  });

  it('search_text matches whole words of name, id, comment and report', async () => {
    expect(await query({ search_text: 'hello' })).toEqual(['r1']);
    expect(await query({ search_text: 'zebra alpha' })).toEqual(['r2', 'r3']);
    expect(await query({ search_text: 'zeb' })).toEqual([]);
    expect(await query({ search_text: '"loss went"' })).toEqual(['r1']);
    expect(await query({ search_text: 'alpha beta -hello' })).toEqual(['r2']);
    expect(await query({ search_text: ids.r4 })).toEqual(['r4']);
  });
});

describe('list filters', () => {
  it('tags: OR-ed values, "-x" and "__$not" exclude, "__$all" AND-s, null matches no tags', async () => {
    expect(await query({ tags: ['a'] })).toEqual(['r1', 'r2']);
    expect(await query({ tags: ['a', 'c'] })).toEqual(['r1', 'r2', 'r3']);
    expect(await query({ tags: ['-a'] })).toEqual(['r3', 'r4']);
    expect(await query({ tags: ['__$not', 'a'] })).toEqual(['r3', 'r4']);
    expect(await query({ tags: ['__$all', 'a', 'b'] })).toEqual(['r2']);
    expect(await query({ tags: ['__$all', 'b', '__$not', 'c'] })).toEqual(['r2']);
    expect(await query({ tags: [null] })).toEqual(['r4']);
    expect(await query({ tags: ['c', null] })).toEqual(['r3', 'r4']);
    expect(await query({ tags: 'c' })).toEqual(['r3']);
  });

  it('system_tags hide or show archived reports', async () => {
    expect(await query({ system_tags: ['__$not', 'archived'] })).toEqual(['r1', 'r2', 'r4']);
    expect(await query({ system_tags: ['-archived'] })).toEqual(['r1', 'r2', 'r4']);
    expect(await query({ system_tags: ['__$and', 'archived'] })).toEqual(['r3']);
  });

  it('answers malformed list-filter operators with 400/16', async () => {
    for (const tags of [['__$bogus', 'a'], ['__$not'], ['-']]) {
      const r = await api.call('reports.get_all_ex', { tags });
      expect([r.status, r.subcode], JSON.stringify(tags)).toEqual([400, 16]);
    }
  });

  it('the filters object: any terms OR-ed, all terms AND-ed, op joins them', async () => {
    expect(await query({ filters: { tags: { any: { include: ['a', 'b'] } } } })).toEqual(['r1', 'r2', 'r3']);
    expect(await query({ filters: { tags: { any: { exclude: ['a', 'b'] } } } })).toEqual(['r1', 'r3', 'r4']);
    expect(await query({ filters: { tags: { all: { include: ['a', 'b'] } } } })).toEqual(['r2']);
    expect(await query({ filters: { tags: { all: { exclude: ['b', 'c'] } } } })).toEqual(['r1', 'r4']);
    expect(await query({ filters: { tags: { any: { include: ['a', 'b'] }, all: { exclude: ['c'] } } } })).toEqual([
      'r1',
      'r2',
    ]);
    expect(await query({ filters: { tags: { any: { include: ['c'] }, all: { include: [null] }, op: 'or' } } })).toEqual(
      ['r3', 'r4'],
    );
    const bad = await api.call('reports.get_all_ex', { filters: { tags: { test: ['1'] } } });
    expect([bad.status, bad.subcode]).toEqual([400, 12]);
  });

  it('status and id lists', async () => {
    expect(await query({ status: ['published'] })).toEqual(['r2']);
    expect(await query({ status: ['-published'] })).toEqual(['r1', 'r3', 'r4']);
    expect(await query({ id: [ids.r4!, ids.r1!] })).toEqual(['r1', 'r4']);
  });

  it('project: the .reports projects under the listed ids, with include_subprojects, and null for the root', async () => {
    expect(await query({ project: [pA] })).toEqual(['r2']);
    expect(await query({ project: [pA], include_subprojects: true })).toEqual(['r2', 'r3']);
    expect(await query({ project: [pS, pB] })).toEqual(['r3', 'r4']);
    expect(await query({ project: [null] })).toEqual(['r1']);
    const r2 = await api.ok('reports.get_all_ex', { id: [ids.r2], only_fields: ['project'] });
    expect(await query({ project: [r2.tasks[0].project.id] })).toEqual(['r2']);
    expect(await query({ project: ['f'.repeat(32)] })).toEqual([]);
  });

  it('status_changed conditions with prefixes, epochs and ranges', async () => {
    const published = (await api.ok('reports.get_all_ex', { id: [ids.r2], only_fields: ['status_changed'] })).tasks[0]
      .status_changed;
    const ms = Date.parse(published);
    expect(await query({ status_changed: [`>=${new Date(ms).toISOString()}`] })).toEqual(['r2']);
    expect(await query({ status_changed: [`>${ms / 1000}`] })).toEqual([]);
    expect(await query({ status_changed: [new Date(ms - 1000).toISOString(), null] })).toEqual(['r2']);
    expect(await query({ status_changed: [null, new Date(ms - 1000).toISOString()] })).toEqual(['r1', 'r3', 'r4']);
    const bad = await api.call('reports.get_all_ex', { status_changed: ['>=yesterday'] });
    expect([bad.status, bad.subcode]).toEqual([400, 12]);
  });
});

describe('projection', () => {
  it('only_fields keeps the listed fields plus id and joins project.name and user.name', async () => {
    const r = await api.ok('reports.get_all_ex', {
      id: [ids.r2],
      only_fields: ['name', 'project.name', 'user.name', 'status'],
    });
    expect(r.tasks).toEqual([
      {
        id: ids.r2,
        name: 'Accuracy notes',
        status: 'published',
        project: { id: expect.any(String), name: 'Alpha/.reports' },
        user: { id: expect.any(String), name: expect.any(String) },
      },
    ]);
  });

  it('"-field" drops a field from the full record; references stay {id} without a join', async () => {
    const [t] = (await api.ok('reports.get_all_ex', { id: [ids.r1], only_fields: ['-report', '-last_metrics'] })).tasks;
    expect(t).not.toHaveProperty('report');
    expect(t).not.toHaveProperty('last_metrics');
    expect(t.project).toEqual({ id: expect.any(String) });
    expect(t).toMatchObject({ name: 'Loss study', type: 'report', tags: ['a'] });
  });
});

describe('order_by', () => {
  it('orders ascending and descending with id as the tie-breaker', async () => {
    expect(await query({ order_by: ['name'] })).toEqual(['r2', 'r1', 'r3', 'r4']);
    expect(await query({ order_by: ['-name'] })).toEqual(['r4', 'r3', 'r1', 'r2']);
    expect(await query({ order_by: ['-created'] })).toEqual(['r4', 'r3', 'r2', 'r1']);
    const sameStatus = await query({ order_by: ['status'], status: ['created'] });
    expect(sameStatus).toEqual([...sameStatus].sort((a, b) => (ids[a]! < ids[b]! ? -1 : 1)));
  });

  it('puts records with an empty first sort field last in either direction', async () => {
    expect((await query({ order_by: ['comment'] })).slice(0, 2)).toEqual(['r2', 'r1']);
    expect((await query({ order_by: ['-comment'] })).slice(0, 2)).toEqual(['r1', 'r2']);
    expect(await query({ order_by: ['project.name'] })).toEqual(['r1', 'r2', 'r3', 'r4']);
  });
});

describe('paging and scroll', () => {
  it('pages with page and page_size, and refuses page < 0 or page_size < 1 with 400/12', async () => {
    expect(await query({ page: 0, page_size: 3 })).toEqual(['r1', 'r2', 'r3']);
    expect(await query({ page: 1, page_size: 3 })).toEqual(['r4']);
    expect(await query({ page: 2, page_size: 3 })).toEqual([]);
    for (const body of [{ page: -1 }, { page_size: 0 }, { page: 'x' }, { page_size: 1.5 }]) {
      const r = await api.call('reports.get_all_ex', body);
      expect([r.status, r.subcode], JSON.stringify(body)).toEqual([400, 12]);
    }
  });

  it('scrolls with scroll_id and size, re-reads with refresh_scroll, restarts an unknown id', async () => {
    const missing = await api.call('reports.get_all_ex', { scroll_id: '' });
    expect([missing.status, missing.subcode]).toEqual([400, 12]);
    expect(missing.msg).toContain("'size'");
    const zero = await api.call('reports.get_all_ex', { scroll_id: '', size: 0 });
    expect([zero.status, zero.subcode]).toEqual([400, 12]);

    const first = await api.ok('reports.get_all_ex', { scroll_id: '', size: 3, only_fields: ['id'] });
    expect(first.scroll_id).toMatch(/^[0-9a-f]{32}$/);
    expect(names(first.tasks)).toEqual(['r1', 'r2', 'r3']);
    const second = await api.ok('reports.get_all_ex', { scroll_id: first.scroll_id, size: 3, only_fields: ['id'] });
    expect(second.scroll_id).toBe(first.scroll_id);
    expect(names(second.tasks)).toEqual(['r4']);
    const refreshed = await api.ok('reports.get_all_ex', {
      scroll_id: first.scroll_id,
      size: 1,
      refresh_scroll: true,
      only_fields: ['id'],
    });
    expect(names(refreshed.tasks)).toEqual(['r1', 'r2', 'r3', 'r4']);
    const end = await api.ok('reports.get_all_ex', { scroll_id: first.scroll_id, size: 3 });
    expect(end.tasks).toEqual([]);
    const restarted = await api.ok('reports.get_all_ex', { scroll_id: 'not-a-known-id', size: 2, only_fields: ['id'] });
    expect(restarted.scroll_id).not.toBe('not-a-known-id');
    expect(names(restarted.tasks)).toEqual(['r1', 'r2']);
  });

  it('forgets a scroll 600 s after its last use', async () => {
    const first = await api.ok('reports.get_all_ex', { scroll_id: '', size: 2, only_fields: ['id'] });
    clock += 601_000;
    const later = await api.ok('reports.get_all_ex', { scroll_id: first.scroll_id, size: 2, only_fields: ['id'] });
    expect(later.scroll_id).not.toBe(first.scroll_id);
    expect(names(later.tasks)).toEqual(['r1', 'r2']);
  });

  it('answers at most 500 records without paging, and caps page_size at 500', async () => {
    const other = await startApi();
    try {
      const { db } = other.server.server;
      await other.ok('tasks.create', { name: 'seed', type: 'training' });
      const seed = db.prepare('SELECT company, user FROM tasks').get() as { company: string; user: string };
      const insert = db.prepare(
        `INSERT INTO tasks (id, company, user, name, type, status, created, last_update, last_change)
         VALUES (?, ?, ?, ?, 'training', 'created', 0, 0, 0)`,
      );
      db.transaction(() => {
        for (let i = 0; i < 520; i++) insert.run(`${i}`.padStart(32, '0'), seed.company, seed.user, `bulk ${i}`);
      })();
      expect((await other.ok('tasks.get_all_ex', { only_fields: ['id'] })).tasks).toHaveLength(MAX_PAGE_SIZE);
      expect((await other.ok('tasks.get_all_ex', { only_fields: ['id'], page_size: 1000 })).tasks).toHaveLength(
        MAX_PAGE_SIZE,
      );
      expect((await other.ok('tasks.get_all_ex', { only_fields: ['id'], page: 1 })).tasks).toHaveLength(21);
    } finally {
      await other.close();
    }
  });
});

describe('linear-time patterns', () => {
  it('answers a catastrophically backtracking pattern correctly and quickly (RE2, not a time-out)', async () => {
    const evil = `${'a'.repeat(40)}!`;
    await api.ok('reports.create', { name: evil });
    await api.ok('reports.create', { name: 'a'.repeat(40) });
    const started = Date.now();
    const r = await api.call('reports.get_all_ex', { name: '^(a+)+$', only_fields: ['name'] });
    expect(r.status).toBe(200);
    expect(r.data.tasks.map((t: { name: string }) => t.name)).toEqual(['a'.repeat(40)]);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('refuses patterns RE2 cannot run in linear time (back-references, look-arounds) with 400/12', async () => {
    for (const name of ['(?P<x>a)(?P=x)', 'a(?=b)']) {
      const r = await api.call('reports.get_all_ex', { name });
      expect([r.status, r.subcode]).toEqual([400, 12]);
      expect(r.msg).toContain("'name'");
    }
  });
});
