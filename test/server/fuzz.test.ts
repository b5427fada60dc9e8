// Seeded fuzzing of every endpoint in HANDLERS: random bodies built from the field names and
// kinds of values the endpoints read (plus raw garbage). Fails on any 5xx, on any change of the
// stored data after an error answer (a digest of every table before and after), and on any
// answer slower than a bound. Bounded: a fixed number of requests per endpoint, sequential.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDLERS } from '../../src/server/handlers/routes.js';
import { startApi, type Api } from '../helpers/http.js';
import { mulberry32 } from '../../src/demo/random.js';

const SEED = 0x7a11;
const RANDOM_REQUESTS_PER_ENDPOINT = 20;
const SLOW_ANSWER_MS = 2000;

/** mulberry32: a small seeded generator, so a failure can be replayed. */

const FIELDS = [
  'task',
  'tasks',
  'id',
  'ids',
  'name',
  'project',
  'project_name',
  'projects',
  'tags',
  'system_tags',
  'status',
  'user',
  'type',
  'metric',
  'metrics',
  'variant',
  'variants',
  'iter',
  'iters',
  'batch_size',
  'scroll_id',
  'only_fields',
  'order_by',
  'page',
  'page_size',
  'size',
  'search_text',
  '_any_',
  '_all_',
  'filters',
  'model',
  'model_events',
  'msg',
  'message',
  'comment',
  'report',
  'report_assets',
  'expiration_sec',
  'samples',
  'key',
  'navigate_earlier',
  'navigate_current_metric',
  'from_timestamp',
  'event_type',
  'force',
  'allow_locked',
  'refresh',
  'refresh_scroll',
  'include_subprojects',
  'search_hidden',
  'last_iter',
  'timestamp',
  'value',
  'values',
  'url',
  'plots',
  'debug_images',
  'scalar_metrics_iter_histogram',
  'single_value_metrics',
  'ready',
  'description',
  'parent',
  'status_changed',
  'last_update',
  'order',
  'from',
  'count',
  'no_scroll',
  'metric_events',
];

let api: Api;
const ids: string[] = [];
beforeAll(async () => {
  api = await startApi({ filterBudgetMs: 500 });
  const project = (await api.ok('projects.create', { name: 'fuzz' })).id as string;
  const task = (await api.ok('tasks.create', { name: 'fuzz task', type: 'training', project })).id as string;
  const model = (await api.ok('models.create', { name: 'fuzz model', ready: false })).id as string;
  const report = (await api.ok('reports.create', { name: 'fuzz report', project })).id as string;
  const lines = [
    { task, type: 'training_stats_scalar', metric: 'loss', variant: 'train', iter: 1, value: 0.5, timestamp: 1 },
    { task, type: 'log', msg: 'hello', iter: 1, timestamp: 2 },
    { task, type: 'plot', metric: 'p', variant: 'v', iter: 1, plot_str: '{"data":[]}', timestamp: 3 },
    { task, type: 'training_debug_image', metric: 'img', variant: 'v', iter: 1, url: 'http://x/a.png', timestamp: 4 },
  ];
  await api.ok('events.add_batch', undefined, {
    raw: lines.map((l) => JSON.stringify(l)).join('\n'),
    headers: { 'content-type': 'application/json-lines' },
  });
  ids.push(project, task, model, report);
});
afterAll(() => api.close());

function digest(): string {
  const { db } = api.server.server;
  const hash = createHash('sha256');
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all();
  const cell = (_: string, v: unknown) =>
    typeof v === 'bigint' ? v.toString() : Buffer.isBuffer(v) ? v.toString('hex') : v;
  for (const table of tables as string[]) {
    hash.update(table);
    // Sorted in JavaScript: some tables are WITHOUT ROWID.
    const rows = (db.prepare(`SELECT * FROM "${table}"`).raw().all() as unknown[]).map((r) => JSON.stringify(r, cell));
    for (const row of rows.sort()) hash.update(row);
  }
  return hash.digest('hex');
}

// Values that used to give a 5xx or a stall, put in fields most endpoints read. As JSON text:
// the deepest one would overflow the stack of JSON.stringify in the test itself.
const HOSTILE_JSON: string[] = [
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  JSON.stringify('x'.repeat(50_000)),
  JSON.stringify('word '.repeat(10_000)),
  JSON.stringify(Array.from({ length: 20_000 }, (_, i) => `v${i}`)),
];
const HOSTILE_FIELDS = ['search_text', 'name', 'tags', 'filters', 'task', 'metrics'];

function hostileRequests(): { raw: string }[] {
  return HOSTILE_FIELDS.flatMap((field) => HOSTILE_JSON.map((json) => ({ raw: `{"${field}": ${json}}` })));
}

function generator(rand: () => number) {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const strings = () => [
    ...ids,
    '',
    'x',
    'loss',
    'train',
    '(a+)+$',
    '^(a|aa)+$',
    '[',
    '\\',
    '-tag',
    '__$not',
    'a\ud800b',
    '\u0000',
    'é😀',
    'x'.repeat(70_000),
    '2020-01-01',
    '>=2020-01-01',
    'DESC',
    '-name',
    'project.name',
  ];
  const value = (depth: number): unknown => {
    const r = rand();
    if (r < 0.35) return pick(strings());
    if (r < 0.5) return pick([0, -1, 1, 7, 2 ** 31, 2 ** 63, -(2 ** 63), 1e308, 0.5, -0.0]);
    if (r < 0.58) return rand() < 0.5;
    if (r < 0.64) return null;
    if (depth > 3) return pick(strings());
    if (r < 0.85) return Array.from({ length: Math.floor(rand() * 4) }, () => value(depth + 1));
    return object(depth + 1);
  };
  const object = (depth: number): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    const n = Math.floor(rand() * 6);
    for (let i = 0; i < n; i++) out[pick(FIELDS)] = value(depth);
    return out;
  };
  const raws = [
    '{',
    '[]',
    '"text"',
    '12',
    'null',
    '{"a":1}\n{"b":',
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
    `{"tags": ${'['.repeat(100_000)}${']'.repeat(100_000)}, "name": ${'{"a":'.repeat(100)}1${'}'.repeat(100)}}`,
    '\u0000\u0001',
    '{"task": "\\ud800"}',
  ];
  return () => (rand() < 0.1 ? { raw: pick(raws) } : { body: object(0) });
}

describe(`fuzz (seed ${SEED})`, () => {
  // Deterministic: the endpoints' tests run in this order, drawing from one generator. One test
  // per endpoint: the whole sweep is about 3,800 calls, and as one test it outgrew its timeout
  // when the machine was busy.
  const next = generator(mulberry32(SEED));
  let before: string | undefined;
  it.each(Object.keys(HANDLERS).sort())(
    '%s: no 5xx, no state change after an error, no slow answer',
    async (endpoint) => {
      before ??= digest();
      const failures: string[] = [];
      const cases: { body?: Record<string, unknown>; raw?: string }[] = [...hostileRequests()];
      for (let i = 0; i < RANDOM_REQUESTS_PER_ENDPOINT; i++) cases.push(next());
      for (const req of cases) {
        const started = performance.now();
        const r = await api.call(endpoint, req.body, req.raw === undefined ? {} : { raw: req.raw });
        const elapsed = performance.now() - started;
        const what = `${endpoint} ${(req.raw ?? JSON.stringify(req.body)).slice(0, 160)}`;
        if (r.status >= 500) failures.push(`${r.status} ${what}: ${String(r.msg ?? r.data).slice(0, 200)}`);
        if (elapsed > SLOW_ANSWER_MS) failures.push(`${elapsed.toFixed(0)} ms ${what}`);
        const after = digest();
        if (r.status >= 400 && after !== before) failures.push(`state changed after ${r.status} ${what}`);
        before = after;
      }
      expect(failures, `${failures.length} failures in ${cases.length} requests`).toEqual([]);
      expect(api.server.logs).toEqual([]);
    },
  );
});
