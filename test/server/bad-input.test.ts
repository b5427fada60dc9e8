// Malformed and mistyped requests to every endpoint this part of the server owns: never a
// 500, always an envelope, and a rejected request leaves the stored data as it was.
import { beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, type Endpoint } from '../../src/wire/operations.js';
import { dumpCore, withApi, type Api } from '../helpers/http.js';

const api = withApi({ filterBudgetMs: 150 });
const fx: Record<string, string> = {};

beforeAll(async () => {
  fx.project = (await api.ok('projects.create', { name: 'Bad input' })).id;
  fx.task = (await api.ok('tasks.create', { name: 'bad input task', type: 'training', project: fx.project })).id;
  fx.model = (await api.ok('models.create', { name: 'bad input model', ready: false })).id;
  for (const k of ['r1', 'r2', 'r3', 'r4'])
    fx[k] = (await api.ok('reports.create', { name: `bad input ${k}`, project: fx.project })).id;
  // Long names that make `(a+)+$` backtrack catastrophically, in every queried table.
  const long = `${'a'.repeat(40)}!`;
  await api.ok('tasks.create', { name: long, type: 'training' });
  await api.ok('reports.create', { name: long });
  await api.ok('models.create', { name: long });
  await api.ok('projects.create', { name: long });
});

const queryTemplate = () => ({
  id: [fx.task],
  name: 'bad',
  tags: ['a', '-b'],
  system_tags: ['__$not', 'archived'],
  status: ['created'],
  project: [fx.project],
  user: ['u'],
  filters: { tags: { any: { include: ['a'] }, op: 'or' } },
  _any_: { pattern: 'x', fields: ['name'] },
  _all_: { pattern: 'x', fields: ['name'] },
  search_text: 'bad',
  status_changed: ['>=2020-01-01'],
  only_fields: ['name', 'project.name'],
  order_by: ['-name'],
  page: 0,
  page_size: 10,
  include_subprojects: true,
  refresh_scroll: false,
});

const templates: Record<string, () => Record<string, unknown>> = {
  'auth.login': () => ({ expiration_sec: 60 }),
  'reports.create': () => ({
    name: 'made by bad input',
    comment: 'c',
    project: fx.project,
    tags: ['t'],
    report: 'r',
    report_assets: ['a'],
  }),
  'reports.update': () => ({
    task: fx.r1,
    name: 'renamed by bad input',
    comment: 'c',
    tags: ['t'],
    report: 'r',
    report_assets: ['a'],
  }),
  'reports.publish': () => ({ task: fx.r2, message: 'm', comment: 'c' }),
  'reports.archive': () => ({ task: fx.r2, message: 'm', comment: 'c' }),
  'reports.unarchive': () => ({ task: fx.r2, message: 'm', comment: 'c' }),
  'reports.move': () => ({ task: fx.r3, project: fx.project, project_name: 'Moved/Here' }),
  'reports.delete': () => ({ task: fx.r4, force: false }),
  'reports.get_all_ex': queryTemplate,
  'reports.get_tags': () => ({}),
  'reports.get_task_data': () => ({
    ...queryTemplate(),
    model_events: false,
    search_hidden: true,
    plots: { iters: 1 },
    debug_images: { iters: 1 },
    scalar_metrics_iter_histogram: { samples: 10, key: 'iter' },
    single_value_metrics: {},
  }),
  'tasks.create': () => ({
    name: 'made by bad input',
    type: 'training',
    project: fx.project,
    comment: 'c',
    tags: ['t'],
    system_tags: ['s'],
    parent: fx.task,
  }),
  'tasks.started': () => ({ task: fx.task, force: false, status_reason: 'r', status_message: 'm' }),
  'tasks.stopped': () => ({ task: fx.task, force: false, status_reason: 'r', status_message: 'm' }),
  'tasks.completed': () => ({ task: fx.task, force: false, status_reason: 'r', status_message: 'm' }),
  'tasks.failed': () => ({ task: fx.task, force: false, status_reason: 'r', status_message: 'm' }),
  'tasks.publish': () => ({ task: fx.task, force: false, status_reason: 'r', status_message: 'm' }),
  'tasks.get_all_ex': () => ({ ...queryTemplate(), type: ['training'], parent: [fx.task], search_hidden: false }),
  'models.create': () => ({
    name: 'made by bad input',
    uri: 'u',
    ready: false,
    project: fx.project,
    task: fx.task,
    comment: 'c',
    tags: ['t'],
  }),
  'models.get_all_ex': () => ({ ...queryTemplate(), id: [fx.model], ready: false, task: [fx.task] }),
  'projects.create': () => ({ name: 'Made/By bad input', description: 'd', tags: ['t'], system_tags: ['s'] }),
  'projects.get_all_ex': () => ({ ...queryTemplate(), id: [fx.project], parent: [fx.project], search_hidden: true }),
};

const BAD_VALUES: unknown[] = [
  null,
  7,
  2.5,
  true,
  'text',
  '',
  [],
  [1, {}],
  { x: [1] },
  'x'.repeat(100_000),
  '(a+)+$',
  '__$not',
];

const RAW_BODIES = ['[1,2]', 'null', '"text"', '{bad json', '\u0000', `${'['.repeat(5000)}${']'.repeat(5000)}`];

async function expectSafe(endpoint: string, what: string, send: () => ReturnType<Api['call']>): Promise<void> {
  const before = dumpCore(api);
  const r = await send();
  expect(r.status, `${endpoint} ${what}: ${r.msg}`).toBeLessThan(500);
  expect(r.code, `${endpoint} ${what}`).toBe(r.status);
  if (r.status !== 200) expect(dumpCore(api), `${endpoint} ${what} changed data`).toEqual(before);
}

describe('bad input', () => {
  it('covers every endpoint of the core server', () => {
    const owned = Object.keys(templates).sort();
    expect(owned).toHaveLength(22);
  });

  for (const endpoint of Object.keys(templates)) {
    it(`${endpoint}: mistyped fields, bad bodies and pathological patterns never give a 500 or change data`, async () => {
      const template = templates[endpoint]!;
      const cases: [string, () => ReturnType<Api['call']>][] = [];
      for (const field of Object.keys(template())) {
        for (const value of BAD_VALUES) {
          const body = { ...template(), [field]: value };
          cases.push([`${field}=${JSON.stringify(value)?.slice(0, 30)}`, () => api.call(endpoint, body)]);
        }
      }
      for (const raw of RAW_BODIES)
        cases.push([`raw ${raw.slice(0, 20)}`, () => api.call(endpoint, undefined, { raw })]);
      cases.push([
        'wrong ids',
        () => api.call(endpoint, { ...template(), task: 'nope', project: 'nope', id: ['nope'] }),
      ]);
      cases.push(['scroll without size', () => api.call(endpoint, { ...template(), scroll_id: 'x' })]);
      cases.push(['pathological name', () => api.call(endpoint, { name: '(a+)+$' })]);
      cases.push(['pathological _any_', () => api.call(endpoint, { _any_: { pattern: '(a+)+$', fields: ['name'] } })]);
      if (OPERATIONS[endpoint as Endpoint].kind === 'write') {
        for (const [what, send] of cases) await expectSafe(endpoint, what, send);
        return;
      }
      // Reads change nothing stored whatever their answer: send them in parallel, compare once.
      const before = dumpCore(api);
      for (let i = 0; i < cases.length; i += 25) {
        const batch = cases.slice(i, i + 25);
        const replies = await Promise.all(batch.map(([, send]) => send()));
        replies.forEach((r, j) => {
          expect(r.status, `${endpoint} ${batch[j]![0]}: ${r.msg}`).toBeLessThan(500);
          expect(r.code, `${endpoint} ${batch[j]![0]}`).toBe(r.status);
        });
      }
      expect(dumpCore(api)).toEqual(before);
    });
  }

  it('answers a pathological pattern on a long name at once (linear-time matching) on every query endpoint', async () => {
    for (const endpoint of [
      'reports.get_all_ex',
      'reports.get_task_data',
      'tasks.get_all_ex',
      'models.get_all_ex',
      'projects.get_all_ex',
    ]) {
      // A backtracking match would run into this server's 150 ms filter budget and answer 400.
      const r = await api.call(endpoint, { name: '(a+)+$', search_hidden: true });
      expect(r.status, endpoint).toBe(200);
    }
    const models = await api.call('reports.get_task_data', { model_events: true, name: '(a+)+$' });
    expect(models.status).toBe(200);
  });
});
