// Malformed and mistyped bodies to every events endpoint: never a 500 (a non-ServerError
// would escape the harness and fail the test), and a refused call changes nothing stored.
import { beforeAll, describe, expect, it } from 'vitest';
import { eventsHandlers } from '../../../src/server/events/index.js';
import { jsonLines, withEventsHarness } from '../../helpers/events-harness.js';
import { add, scalar, SV } from '../../helpers/events-seed.js';

const h = withEventsHarness({ perFile: true });
let T: string;
let M: string;
let imageScroll: string;
let plotScroll: string;
let rawScroll: string;

const TABLES = [
  'event_series',
  'scalar_events',
  'doc_events',
  'log_events',
  'tasks',
  'models',
  'scroll_states',
  'server_meta',
];

function snapshot(): string {
  return JSON.stringify(TABLES.map((t) => h.db.prepare(`SELECT * FROM ${t} ORDER BY 1, 2`).all()));
}

beforeAll(async () => {
  T = h.task();
  M = h.model();
  await add(h, [
    scalar(T, 'loss', 'train', 0, 1),
    scalar(T, 'loss', 'train', 1, 2),
    scalar(T, 'acc', 'v', SV, 0.5),
    { task: T, type: 'log', iter: 0, msg: 'hello', timestamp: 5 },
    { task: T, type: 'plot', iter: 0, metric: 'roc', variant: 'v', plot_str: '{}' },
    { task: T, type: 'training_debug_image', iter: 0, metric: 'img', variant: 'v', url: 'u' },
    { task: T, type: 'training_stats_vector', iter: 0, metric: 'vec', variant: 'v', values: [1] },
    { ...scalar(M, 'm', 'v', 0, 1), model_event: true },
  ]);
  imageScroll = (await h.call('events.get_debug_image_sample', { task: T, metric: 'img', variant: 'v' })).data
    .scroll_id;
  plotScroll = (await h.call('events.get_plot_sample', { task: T, metric: 'roc' })).data.scroll_id;
  rawScroll = (await h.call('events.scalar_metrics_iter_raw', { task: T, metric: { metric: 'loss' }, batch_size: 1 }))
    .data.scroll_id;
});

/** A valid body per endpoint; every field of it gets mistyped in turn. */
function validBodies(): Record<string, Record<string, unknown>> {
  return {
    'events.add': { task: T, type: 'log', msg: 'x' },
    'events.add_batch': {},
    'events.clear_scroll': { scroll_id: 'x' },
    'events.clear_task_log': {
      task: T,
      allow_locked: false,
      include_metrics: ['a'],
      exclude_metrics: ['b'],
      threshold_sec: 1,
    },
    'events.delete_for_model': { model: M, allow_locked: false },
    'events.delete_for_task': { task: T, allow_locked: false },
    'events.download_task_log': { task: T, line_type: 'text', line_format: '{msg}' },
    'events.debug_images': {
      metrics: [{ task: T, metric: 'img', variants: ['v'] }],
      iters: 1,
      navigate_earlier: true,
      refresh: false,
      scroll_id: 'x',
      model_events: false,
    },
    'events.plots': {
      metrics: [{ task: T }],
      iters: 1,
      navigate_earlier: false,
      refresh: true,
      scroll_id: 'x',
      model_events: false,
    },
    'events.get_debug_image_sample': {
      task: T,
      metric: 'img',
      variant: 'v',
      iteration: 0,
      refresh: false,
      scroll_id: 'x',
      navigate_current_metric: true,
      model_events: false,
    },
    'events.next_debug_image_sample': {
      task: T,
      scroll_id: imageScroll,
      navigate_earlier: true,
      next_iteration: false,
      model_events: false,
    },
    'events.get_plot_sample': {
      task: T,
      metric: 'roc',
      iteration: 0,
      refresh: false,
      scroll_id: 'x',
      navigate_current_metric: true,
      model_events: false,
    },
    'events.next_plot_sample': {
      task: T,
      scroll_id: plotScroll,
      navigate_earlier: true,
      next_iteration: false,
      model_events: false,
    },
    'events.get_multi_task_metrics': { tasks: [T], event_type: '*', model_events: false },
    'events.get_multi_task_plots': {
      tasks: [T],
      iters: 1,
      last_iters_per_task_metric: true,
      metrics: [{ metric: 'roc' }],
      model_events: false,
      no_scroll: false,
      scroll_id: 'FFFF',
    },
    'events.get_scalar_metric_data': {
      task: T,
      metric: 'loss',
      scroll_id: 'FFFF',
      no_scroll: false,
      model_events: false,
    },
    'events.get_scalar_metrics_and_variants': { task: T, model_events: false },
    'events.get_task_events': {
      task: T,
      batch_size: 10,
      event_type: '*',
      metrics: [{ metric: 'loss', variants: ['train'] }],
      model_events: false,
      order: 'asc',
      count_total: true,
    },
    'events.get_task_latest_scalar_values': { task: T },
    'events.get_task_log': {
      task: T,
      batch_size: 10,
      from_timestamp: 1,
      metrics: [{ metric: '' }],
      navigate_earlier: true,
      order: 'asc',
    },
    'events.get_task_metrics': { tasks: [T], event_type: 'log', model_events: false },
    'events.get_task_plots': { task: T, iters: 1, metrics: [{ metric: 'roc' }], model_events: false },
    'events.get_task_single_value_metrics': { tasks: [T], metrics: [{ metric: 'acc' }], model_events: false },
    'events.get_vector_metrics_and_variants': { task: T, model_events: false },
    'events.multi_task_scalar_metrics_iter_histogram': {
      tasks: [T],
      key: 'iter',
      metrics: [{ metric: 'loss' }],
      model_events: false,
      samples: 10,
    },
    'events.scalar_metrics_iter_histogram': {
      task: T,
      key: 'timestamp',
      metrics: [{ metric: 'loss' }],
      model_events: false,
      samples: 10,
    },
    'events.scalar_metrics_iter_raw': {
      task: T,
      metric: { metric: 'loss', variants: ['train'] },
      key: 'iter',
      batch_size: 1,
      count_total: true,
      model_events: false,
      scroll_id: rawScroll,
    },
    'events.vector_metrics_iter_histogram': { task: T, metric: 'vec', variant: 'v', model_events: false },
  };
}

const WRONG_VALUES: unknown[] = [
  null,
  0,
  -1,
  1e300,
  1.5,
  '',
  'x',
  '\u0000',
  true,
  {},
  { a: 1 },
  [],
  [1],
  [{}],
  [null],
  ['x'],
  'a'.repeat(5000),
];

async function expectRefusedOrHarmless(
  endpoint: string,
  body: unknown,
  opts?: { raw?: string; contentType?: string },
): Promise<number> {
  const before = snapshot();
  const r = await h.call(endpoint, body, opts);
  expect(r.status, `${endpoint} ${JSON.stringify(body)?.slice(0, 200)}: ${r.msg}`).toBeLessThan(500);
  if (r.status >= 400)
    expect(snapshot(), `${endpoint} changed data while refusing ${JSON.stringify(body)?.slice(0, 200)}`).toBe(before);
  return r.status;
}

describe('bad input to every events endpoint', () => {
  it('covers all 28 endpoints', () => {
    expect(Object.keys(validBodies()).sort()).toEqual(Object.keys(eventsHandlers).sort());
    expect(Object.keys(eventsHandlers)).toHaveLength(28);
  });

  it('answers bodies that are not objects with 400', async () => {
    for (const endpoint of Object.keys(validBodies())) {
      if (endpoint === 'events.add_batch') continue;
      for (const body of [[], [1, 2], 'text', 42, true]) {
        const status = await expectRefusedOrHarmless(endpoint, body);
        // events.add has no request model: a non-object event is refused per event (400/131).
        expect(status, endpoint).toBe(400);
      }
    }
  });

  // One test per endpoint: the whole sweep is about 3,000 calls, each with two snapshots, and
  // as one test it outgrew its timeout when the machine was busy.
  it.each(Object.keys(eventsHandlers).sort())(
    'never fails with a 500 and changes nothing when refusing a mistyped or missing field: %s',
    async (endpoint) => {
      const valid = validBodies()[endpoint] ?? {};
      let refused = 0;
      for (const field of Object.keys(valid)) {
        const missing = { ...valid };
        delete missing[field];
        if ((await expectRefusedOrHarmless(endpoint, missing)) >= 400) refused++;
        for (const wrong of WRONG_VALUES) {
          if ((await expectRefusedOrHarmless(endpoint, { ...valid, [field]: wrong })) >= 400) refused++;
        }
      }
      // The endpoint checks what it reads: some of the wrong values are refused.
      if (Object.keys(valid).length > 0) expect(refused).toBeGreaterThan(0);
    },
  );

  it('refuses malformed add_batch bodies without storing anything', async () => {
    const ok = JSON.stringify({ task: T, type: 'log', msg: 'x' });
    const raws = [
      '',
      '\n\n',
      '[',
      '[]',
      'null',
      '"x"',
      '1',
      `${ok}\n\n${ok}`,
      `${ok}\n[1]`,
      `${ok}\n{"a":`,
      `${ok}\n${ok.slice(0, -1)}`,
      '\u0000',
      '{"task":1e999}',
    ];
    for (const raw of raws) {
      for (const contentType of ['application/json-lines', 'application/json']) {
        expect(
          await expectRefusedOrHarmless('events.add_batch', undefined, { raw, contentType }),
        ).toBeGreaterThanOrEqual(400);
      }
    }
    const events = [
      { task: T, type: 'log', msg: 'a' },
      { task: T, type: 'log', msg: 'b', allow_locked: true },
    ];
    expect(
      await expectRefusedOrHarmless('events.add_batch', undefined, {
        raw: jsonLines(events),
        contentType: 'application/json-lines',
      }),
    ).toBe(400);
  });

  it('refuses events whose every field is mistyped, per event, storing nothing', async () => {
    const base = { task: T, type: 'training_stats_scalar', iter: 3, metric: 'm', variant: 'v', value: 1, timestamp: 5 };
    for (const field of ['task', 'type', 'iter', 'value', 'timestamp', 'metric', 'variant']) {
      for (const wrong of [{}, [1], 'nope', null, 1e300]) {
        if ((field === 'value' || field === 'metric' || field === 'variant') && wrong === 1e300) continue;
        if (field !== 'task' && field !== 'type' && wrong === null) continue;
        if ((field === 'metric' || field === 'variant') && wrong === 'nope') continue;
        const status = await expectRefusedOrHarmless('events.add', { ...base, [field]: wrong });
        expect(status, `${field}=${JSON.stringify(wrong)}`).toBe(400);
      }
    }
  });
});
