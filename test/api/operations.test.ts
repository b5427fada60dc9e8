// One test per operation: the path and body the client sends, and what it makes of an
// answer shaped as docs/wire-facts.md describes (including the §0 normalisations).
import { describe, expect, it } from 'vitest';
import { type ApiClient } from '../../src/api/index.js';
import { ENDPOINTS, type Endpoint } from '../../src/wire/operations.js';
import { makeToken, ok } from '../helpers/fake-server.js';
import { withFakeServerClient } from '../helpers/fake-client.js';

const T = '0123456789abcdef0123456789abcdef';
const T2 = 'fedcba9876543210fedcba9876543210';
const P = 'aaaabbbbccccddddeeeeffff00001111';
const Q = '11112222333344445555666677778888';

const { server, client } = withFakeServerClient();

interface Case {
  endpoint: Endpoint;
  invoke: (c: ApiClient) => Promise<unknown>;
  /** The JSON body the server must receive. */
  sent: unknown;
  /** The `data` the server answers. */
  data: unknown;
  /** What the call must resolve to. */
  result: unknown;
}

const scalarEvent = (iter: number, value: number) => ({
  task: T,
  type: 'training_stats_scalar',
  iter,
  metric: 'loss',
  variant: 'train',
  value,
  timestamp: 1735725630123 + iter,
  worker: 'w1',
  model_event: false,
  '@timestamp': '2025-01-01T10:00:30.456Z',
});
const plotEvent = {
  task: T,
  type: 'plot',
  iter: 0,
  metric: 'roc',
  variant: '',
  plot_str: '{"data":[]}',
  plot_len: 11,
  timestamp: 1735725630123,
  worker: 'w1',
  model_event: false,
  '@timestamp': '2025-01-01T10:00:30.456Z',
};
const imageEvent = {
  task: T,
  type: 'training_debug_image',
  iter: 3,
  metric: 'img',
  variant: 'v',
  url: 's3://b/k.jpg',
  key: 'k',
  timestamp: 1735725630123,
  worker: 'w1',
  model_event: false,
  '@timestamp': '2025-01-01T10:00:30.456Z',
};
const logEvent = {
  task: T,
  type: 'log',
  iter: 0,
  level: 'info',
  msg: 'hello',
  metric: '',
  variant: '',
  timestamp: 1735725630123,
  worker: 'w1',
  model_event: false,
  '@timestamp': '2025-01-01T10:00:30.456Z',
};
const statusFields = {
  status: 'published',
  status_reason: '',
  status_message: 'done',
  status_changed: '2025-01-01T10:20:30.123000+00:00',
  last_update: '2025-01-01T10:20:30.123000+00:00',
  last_change: '2025-01-01T10:20:30.123000+00:00',
  last_changed_by: 'u1',
  published: '2025-01-01T10:20:30.123000+00:00',
};
const report = {
  id: T,
  name: 'Weekly',
  type: 'report',
  status: 'created',
  comment: '',
  report: '# hi',
  report_assets: [],
  tags: ['a'],
  system_tags: ['hidden', 'reports'],
  user: { id: 'u1' },
  company: { id: 'c1' },
  project: { id: P },
  created: '2025-01-01T10:20:30+00:00',
  last_update: '2025-01-01T10:20:30+00:00',
};
const task = {
  id: T,
  name: 'train',
  type: 'training',
  status: 'in_progress',
  project: { id: P, name: 'demo' },
  last_iteration: 9,
};
const sample = { scroll_id: 'f'.repeat(32), event: imageEvent, min_iteration: 0, max_iteration: 9 };
const plotSample = { scroll_id: 'e'.repeat(32), events: [plotEvent], min_iteration: 0, max_iteration: 9 };
const passThrough = (endpoint: Endpoint, invoke: Case['invoke'], sent: unknown, data: unknown): Case => ({
  endpoint,
  invoke,
  sent,
  data,
  result: data,
});

const cases: Case[] = [
  // ---- reports
  {
    endpoint: 'reports.archive',
    invoke: (c) => c.reports.archive({ task: T, comment: 'old' }),
    sent: { task: T, comment: 'old', message: 'old' },
    data: { archived: 1 },
    result: { archived: 1 },
  },
  {
    endpoint: 'reports.create',
    invoke: (c) => c.reports.create({ name: 'Weekly', project: P, tags: ['a'], comment: 'c' }),
    sent: { name: 'Weekly', project: P, tags: ['a'], comment: 'c' },
    data: { id: T, project_id: P },
    result: { id: T, project_id: P },
  },
  passThrough(
    'reports.delete',
    (c) => c.reports.delete({ task: T, force: true }),
    { task: T, force: true },
    { deleted: 1 },
  ),
  passThrough(
    'reports.get_all_ex',
    (c) =>
      c.reports.getAllEx({
        only_fields: ['name', 'status'],
        system_tags: ['__$not', 'archived'],
        order_by: ['-last_update'],
        page: 0,
        page_size: 12,
      }),
    {
      only_fields: ['name', 'status'],
      system_tags: ['__$not', 'archived'],
      order_by: ['-last_update'],
      page: 0,
      page_size: 12,
    },
    { tasks: [report] },
  ),
  passThrough('reports.get_tags', (c) => c.reports.getTags(), {}, { tags: ['a', 'b'] }),
  passThrough(
    'reports.get_task_data',
    (c) =>
      c.reports.getTaskData({
        id: [T],
        only_fields: ['name'],
        scalar_metrics_iter_histogram: { key: 'iter', samples: 100 },
        single_value_metrics: {},
      }),
    {
      id: [T],
      only_fields: ['name'],
      scalar_metrics_iter_histogram: { key: 'iter', samples: 100 },
      single_value_metrics: {},
    },
    {
      tasks: [{ id: T, name: 'train' }],
      scalar_metrics_iter_histogram: { loss: { train: { [T]: { name: 'train', x: [0, 1], y: [0.9, 0.5] } } } },
      single_value_metrics: [
        {
          task: T,
          task_name: 'train',
          values: [{ metric: 'Summary', variant: 'acc', value: 0.9, timestamp: 1735725630123 }],
        },
      ],
    },
  ),
  passThrough(
    'reports.move',
    (c) => c.reports.move({ task: T, project_name: 'demo' }),
    { task: T, project_name: 'demo' },
    { project_id: P },
  ),
  {
    endpoint: 'reports.publish',
    invoke: (c) => c.reports.publish({ task: T, message: 'done' }),
    sent: { task: T, message: 'done', comment: 'done' },
    data: { updated: 1, fields: statusFields },
    result: { updated: 1, fields: statusFields },
  },
  {
    endpoint: 'reports.unarchive',
    invoke: (c) => c.reports.unarchive({ task: T }),
    sent: { task: T },
    data: { unarchived: 1 },
    result: { unarchived: 1 },
  },
  passThrough(
    'reports.update',
    (c) => c.reports.update({ task: T, report: '# body', tags: ['b', 'a'] }),
    { task: T, report: '# body', tags: ['b', 'a'] },
    { updated: 1, fields: { report: '# body', tags: ['a', 'b'] } },
  ),

  // ---- events: writing and deleting
  passThrough(
    'events.add',
    (c) =>
      c.events.add({ type: 'training_stats_scalar', task: T, iter: 1, metric: 'loss', variant: 'train', value: 0.5 }),
    { type: 'training_stats_scalar', task: T, iter: 1, metric: 'loss', variant: 'train', value: 0.5 },
    { added: 1, errors: 0, errors_info: {} },
  ),
  {
    endpoint: 'events.add_batch',
    invoke: (c) =>
      c.events.addBatch([
        { type: 'log', task: T, msg: 'a', level: 'info' },
        { type: 'bogus' as 'log', task: T, msg: 'b' },
      ]),
    sent: `{"type":"log","task":"${T}","msg":"a","level":"info"}\n{"type":"bogus","task":"${T}","msg":"b"}\n`,
    data: { added: 1, errors: 1, errors_info: { 'Invalid event type bogus': 1 } },
    result: { added: 1, errors: 1, errors_info: { 'Invalid event type bogus': 1 } },
  },
  passThrough('events.clear_scroll', (c) => c.events.clearScroll({ scroll_id: 'FFFF' }), { scroll_id: 'FFFF' }, {}),
  passThrough(
    'events.clear_task_log',
    (c) => c.events.clearTaskLog({ task: T, threshold_sec: 3600, exclude_metrics: ['keep'] }),
    { task: T, threshold_sec: 3600, exclude_metrics: ['keep'] },
    { deleted: 12 },
  ),
  {
    endpoint: 'events.delete_for_model',
    invoke: (c) => c.events.deleteForModel({ model: T2, allow_locked: true }),
    sent: { model: T2, allow_locked: true },
    data: { deleted: true }, // the spec's boolean
    result: { deleted: 1 },
  },
  passThrough('events.delete_for_task', (c) => c.events.deleteForTask({ task: T }), { task: T }, { deleted: 42 }),
  {
    endpoint: 'events.download_task_log',
    invoke: (c) => c.events.downloadTaskLog({ task: T, line_type: 'text', line_format: '{asctime} {level} {msg}' }),
    sent: { task: T, line_type: 'text', line_format: '{asctime} {level} {msg}' },
    data: '1735725630123 info hello\n1735725630124 info world\n',
    result: '1735725630123 info hello\n1735725630124 info world\n',
  },

  // ---- events: debug images and plots navigation
  passThrough(
    'events.debug_images',
    (c) => c.events.debugImages({ metrics: [{ task: T, metric: 'img' }], iters: 3 }),
    { metrics: [{ task: T, metric: 'img' }], iters: 3 },
    { scroll_id: 'a'.repeat(32), metrics: [{ task: T, iterations: [{ iter: 3, events: [imageEvent] }] }] },
  ),
  passThrough(
    'events.plots',
    (c) => c.events.plots({ metrics: [{ task: T }], iters: 1, navigate_earlier: false, scroll_id: 'b'.repeat(32) }),
    { metrics: [{ task: T }], iters: 1, navigate_earlier: false, scroll_id: 'b'.repeat(32) },
    { scroll_id: 'b'.repeat(32), metrics: [{ task: T, iterations: [{ iter: 0, events: [plotEvent] }] }] },
  ),
  passThrough(
    'events.get_debug_image_sample',
    (c) => c.events.getDebugImageSample({ task: T, metric: 'img', variant: 'v', iteration: 5 }),
    { task: T, metric: 'img', variant: 'v', iteration: 5 },
    sample,
  ),
  passThrough(
    'events.next_debug_image_sample',
    (c) => c.events.nextDebugImageSample({ task: T, scroll_id: 'f'.repeat(32), navigate_earlier: false }),
    { task: T, scroll_id: 'f'.repeat(32), navigate_earlier: false },
    { scroll_id: 'f'.repeat(32), event: null, min_iteration: null, max_iteration: null },
  ),
  passThrough(
    'events.get_plot_sample',
    (c) => c.events.getPlotSample({ task: T, metric: 'roc' }),
    { task: T, metric: 'roc' },
    plotSample,
  ),
  passThrough(
    'events.next_plot_sample',
    (c) => c.events.nextPlotSample({ task: T, scroll_id: 'e'.repeat(32), next_iteration: true }),
    { task: T, scroll_id: 'e'.repeat(32), next_iteration: true },
    plotSample,
  ),

  // ---- events: discovery
  passThrough(
    'events.get_multi_task_metrics',
    (c) => c.events.getMultiTaskMetrics({ tasks: [T, T2], event_type: 'training_stats_scalar' }),
    { tasks: [T, T2], event_type: 'training_stats_scalar' },
    { metrics: [{ metric: 'loss', variants: ['train', 'val'] }] },
  ),
  passThrough(
    'events.get_task_metrics',
    (c) => c.events.getTaskMetrics({ tasks: [T, T2], event_type: 'training_debug_image' }),
    { tasks: [T, T2], event_type: 'training_debug_image' },
    {
      metrics: [
        { task: T, metrics: ['img'] },
        { task: T2, metrics: [] },
      ],
    },
  ),
  passThrough(
    'events.get_scalar_metrics_and_variants',
    (c) => c.events.getScalarMetricsAndVariants({ task: T }),
    { task: T },
    { metrics: { acc: ['val'], loss: ['train', 'val'] } },
  ),
  {
    endpoint: 'events.get_vector_metrics_and_variants',
    invoke: (c) => c.events.getVectorMetricsAndVariants({ task: T, model_events: false }),
    sent: { task: T, model_events: false },
    data: { metrics: [{ metric: 'hist', variants: ['a', 'b'] }] }, // the spec's array form
    result: { metrics: { hist: ['a', 'b'] } },
  },

  // ---- events: plots
  passThrough(
    'events.get_multi_task_plots',
    (c) => c.events.getMultiTaskPlots({ tasks: [T], iters: 1, metrics: [{ metric: 'roc' }] }),
    { tasks: [T], iters: 1, metrics: [{ metric: 'roc' }] },
    {
      plots: { roc: { '': { [T]: { '0': { name: 'train', plots: [plotEvent] } } } } },
      returned: 1,
      total: 1,
      scroll_id: 'es-scroll',
    },
  ),
  passThrough(
    'events.get_task_plots',
    (c) => c.events.getTaskPlots({ task: T, iters: 2 }),
    { task: T, iters: 2 },
    { plots: [plotEvent], returned: 1, total: 1, scroll_id: null },
  ),

  // ---- events: raw events and scalars
  passThrough(
    'events.get_scalar_metric_data',
    (c) => c.events.getScalarMetricData({ task: T, metric: 'loss', no_scroll: true }),
    { task: T, metric: 'loss', no_scroll: true },
    { events: [scalarEvent(1, 0.5), scalarEvent(0, 0.9)], returned: 2, total: 2, scroll_id: null },
  ),
  passThrough(
    'events.get_task_events',
    (c) => c.events.getTaskEvents({ task: T, event_type: 'log', batch_size: 100, order: 'desc' }),
    { task: T, event_type: 'log', batch_size: 100, order: 'desc' },
    { events: [logEvent], returned: 1, total: 1, scroll_id: 'jwt-scroll' },
  ),
  {
    endpoint: 'events.get_task_latest_scalar_values',
    invoke: (c) => c.events.getTaskLatestScalarValues({ task: T }),
    sent: { task: T },
    data: {
      metrics: [{ name: 'loss', variants: [{ name: 'train', last_value: 0.3, last_10_value: 0.3 }] }],
      last_iter: 99,
      name: 'train',
      status: 'in_progress',
      last_timestamp: 1735725630456,
    },
    result: {
      metrics: [
        { name: 'loss', variants: [{ name: 'train', last_value: 0.3, last_10_value: 0.3, last_100_value: 0.3 }] },
      ],
      last_iter: 99,
      name: 'train',
      status: 'in_progress',
      last_timestamp: 1735725630456,
    },
  },
  passThrough(
    'events.get_task_log',
    (c) => c.events.getTaskLog({ task: T, batch_size: 1000, navigate_earlier: true, from_timestamp: 1735725630200 }),
    { task: T, batch_size: 1000, navigate_earlier: true, from_timestamp: 1735725630200 },
    { events: [logEvent], returned: 1, total: 1 },
  ),
  passThrough(
    'events.get_task_single_value_metrics',
    (c) => c.events.getTaskSingleValueMetrics({ tasks: [T] }),
    { tasks: [T] },
    {
      tasks: [
        {
          task: T,
          task_name: 'train',
          values: [{ metric: 'Summary', variant: 'acc', value: 0.93, timestamp: 1735725630123 }],
        },
      ],
    },
  ),
  passThrough(
    'events.multi_task_scalar_metrics_iter_histogram',
    (c) => c.events.multiTaskScalarMetricsIterHistogram({ tasks: [T, T2], key: 'iter', samples: 80 }),
    { tasks: [T, T2], key: 'iter', samples: 80 },
    {
      metrics: {
        loss: {
          train: { [T]: { name: 'run a', x: [0, 1], y: [0.9, 0.5] }, [T2]: { name: 'run b', x: [0, 1], y: [1, 0.7] } },
        },
      },
    },
  ),
  {
    endpoint: 'events.scalar_metrics_iter_histogram',
    invoke: (c) =>
      c.events.scalarMetricsIterHistogram({ task: T, key: 'iter', samples: 120, metrics: [{ metric: 'loss' }] }),
    sent: { task: T, key: 'iter', samples: 120, metrics: [{ metric: 'loss' }] },
    data: {
      loss: {
        train: { name: 'train', x: [0, 1, 2], y: [0.9, 0.5, 0.3], x_axis_label: 'epoch' },
        val: { name: 'val', x: [0, 1, 2], y: [1.0, 0.7, 0.4] },
      },
    },
    result: {
      loss: {
        train: { name: 'train', x: [0, 1, 2], y: [0.9, 0.5, 0.3], x_axis_label: 'epoch' },
        val: { name: 'val', x: [0, 1, 2], y: [1.0, 0.7, 0.4] },
      },
    },
  },
  passThrough(
    'events.scalar_metrics_iter_raw',
    (c) =>
      c.events.scalarMetricsIterRaw({
        task: T,
        metric: { metric: 'loss', variants: ['train'] },
        key: 'timestamp',
        batch_size: 500,
        count_total: true,
      }),
    { task: T, metric: { metric: 'loss', variants: ['train'] }, key: 'timestamp', batch_size: 500, count_total: true },
    {
      returned: 3,
      total: 3,
      scroll_id: 'jwt-scroll',
      variants: { train: { y: [0.9, 0.5, 0.3], timestamp: [1, 2, 3] } },
    },
  ),
  passThrough(
    'events.vector_metrics_iter_histogram',
    (c) => c.events.vectorMetricsIterHistogram({ task: T, metric: 'hist', variant: 'a' }),
    { task: T, metric: 'hist', variant: 'a' },
    {
      metric: 'hist',
      variant: 'a',
      vectors: [
        [1, 2, 3],
        [2, 3, 4],
      ],
      iterations: [0, 1],
    },
  ),

  // ---- tasks, models, projects
  passThrough(
    'tasks.create',
    (c) => c.tasks.create({ name: 'train', type: 'training', project: P }),
    { name: 'train', type: 'training', project: P },
    { id: T },
  ),
  passThrough(
    'tasks.started',
    (c) => c.tasks.started({ task: T }),
    { task: T },
    { updated: 1, fields: { status: 'in_progress' } },
  ),
  passThrough(
    'tasks.stopped',
    (c) => c.tasks.stopped({ task: T, force: true }),
    { task: T, force: true },
    { updated: 1, fields: { status: 'stopped' } },
  ),
  passThrough(
    'tasks.completed',
    (c) => c.tasks.completed({ task: T, status_message: 'ok' }),
    { task: T, status_message: 'ok' },
    { updated: 1, fields: { status: 'completed' } },
  ),
  passThrough(
    'tasks.failed',
    (c) => c.tasks.failed({ task: T, status_reason: 'crash' }),
    { task: T, status_reason: 'crash' },
    { updated: 1, fields: { status: 'failed' } },
  ),
  passThrough(
    'tasks.publish',
    (c) => c.tasks.publish({ task: T }),
    { task: T },
    { updated: 1, fields: { status: 'published' } },
  ),
  passThrough(
    'tasks.get_all_ex',
    (c) =>
      c.tasks.getAllEx({
        only_fields: ['name', 'status', 'project.name'],
        order_by: ['-last_update'],
        size: 30,
        scroll_id: '',
      }),
    { only_fields: ['name', 'status', 'project.name'], order_by: ['-last_update'], size: 30, scroll_id: '' },
    { tasks: [task], scroll_id: 'c'.repeat(32) },
  ),
  passThrough(
    'tasks.edit_hyper_params',
    (c) =>
      c.tasks.editHyperParams({
        task: T,
        hyperparams: [{ section: 'Args', name: 'lr', value: '0.4', type: 'float' }],
      }),
    { task: T, hyperparams: [{ section: 'Args', name: 'lr', value: '0.4', type: 'float' }] },
    { updated: 1 },
  ),
  passThrough(
    'tasks.edit_configuration',
    (c) => c.tasks.editConfiguration({ task: T, configuration: [{ name: 'config', type: 'yaml', value: 'a: 1' }] }),
    { task: T, configuration: [{ name: 'config', type: 'yaml', value: 'a: 1' }] },
    { updated: 1 },
  ),
  passThrough(
    'tasks.add_or_update_artifacts',
    (c) => c.tasks.addOrUpdateArtifacts({ task: T, artifacts: [{ key: 'metrics', type: 'JSON', mode: 'output' }] }),
    { task: T, artifacts: [{ key: 'metrics', type: 'JSON', mode: 'output' }] },
    { updated: 1 },
  ),
  passThrough(
    'tasks.update',
    (c) => c.tasks.update({ task: T, tags: ['a', 'b'] }),
    { task: T, tags: ['a', 'b'] },
    { updated: 1, fields: { tags: ['a', 'b'] } },
  ),
  passThrough(
    'tasks.archive_many',
    (c) => c.tasks.archiveMany({ ids: [T, T2] }),
    { ids: [T, T2] },
    {
      succeeded: [{ id: T, archived: true }],
      failed: [{ id: T2, error: { codes: [400, 101], msg: 'Invalid task id' } }],
    },
  ),
  passThrough(
    'tasks.unarchive_many',
    (c) => c.tasks.unarchiveMany({ ids: [T] }),
    { ids: [T] },
    { succeeded: [{ id: T, unarchived: true }], failed: [] },
  ),
  passThrough(
    'tasks.move',
    (c) => c.tasks.move({ ids: [T], project_name: 'team/vision' }),
    { ids: [T], project_name: 'team/vision' },
    { project_id: P },
  ),
  passThrough(
    'tasks.stop',
    (c) => c.tasks.stop({ task: T }),
    { task: T },
    { updated: 1, fields: { status: 'stopped', status_message: 'Stopped by me' } },
  ),
  passThrough(
    'tasks.stop_many',
    (c) => c.tasks.stopMany({ ids: [T] }),
    { ids: [T] },
    { succeeded: [{ id: T, updated: 1, fields: { status: 'stopped' } }], failed: [] },
  ),
  passThrough(
    'tasks.delete',
    (c) => c.tasks.delete({ task: T, force: true }),
    { task: T, force: true },
    { deleted: true, updated_children: 0, updated_models: 0, events: {} },
  ),
  passThrough(
    'tasks.delete_many',
    (c) => c.tasks.deleteMany({ ids: [T] }),
    { ids: [T] },
    { succeeded: [{ id: T, deleted: true, updated_children: 0, updated_models: 0, events: {} }], failed: [] },
  ),
  passThrough(
    'tasks.clone',
    (c) => c.tasks.clone({ task: T, new_task_hyperparams: { Args: { lr: { value: '0.5' } } } }),
    { task: T, new_task_hyperparams: { Args: { lr: { value: '0.5' } } } },
    { id: T2 },
  ),
  passThrough(
    'tasks.enqueue',
    (c) => c.tasks.enqueue({ task: T, queue: Q }),
    { task: T, queue: Q },
    { queued: 1, updated: 1, fields: { status: 'queued', 'execution.queue': Q } },
  ),
  passThrough(
    'tasks.dequeue',
    (c) => c.tasks.dequeue({ task: T }),
    { task: T },
    { dequeued: 1, updated: 1, fields: { status: 'created' } },
  ),
  // ---- queues and workers (the cluster view)
  passThrough(
    'queues.get_all',
    (c) => c.queues.getAll({ only_fields: ['id', 'name', 'entries'] }),
    { only_fields: ['id', 'name', 'entries'] },
    { queues: [{ id: Q, name: 'default', entries: [{ task: T, added: '2025-01-01T00:00:00+00:00' }] }] },
  ),
  passThrough(
    'queues.get_all_ex',
    (c) => c.queues.getAllEx({ only_fields: ['name', 'entries'], max_task_entries: 5 }),
    { only_fields: ['name', 'entries'], max_task_entries: 5 },
    {
      queues: [
        {
          id: Q,
          name: 'default',
          entries: [{ task: { id: T, name: 'a' }, added: '2025-01-01T00:00:00+00:00' }],
          workers: [],
        },
      ],
    },
  ),
  passThrough(
    'queues.get_queue_metrics',
    (c) => c.queues.getQueueMetrics({ from_date: 1, to_date: 3601, interval: 60, queue_ids: [Q] }),
    { from_date: 1, to_date: 3601, interval: 60, queue_ids: [Q] },
    { queues: [{ queue: Q, dates: [60000], avg_waiting_times: [1.5], queue_lengths: [2] }] },
  ),
  passThrough('queues.get_num_entries', (c) => c.queues.getNumEntries({ queue: Q }), { queue: Q }, { num: 1000 }),
  passThrough(
    'queues.remove_task',
    (c) => c.queues.removeTask({ queue: Q, task: T }),
    { queue: Q, task: T },
    { removed: 1 },
  ),
  passThrough(
    'queues.move_task_forward',
    (c) => c.queues.moveTaskForward({ queue: Q, task: T, count: 2 }),
    { queue: Q, task: T, count: 2 },
    { position: 0 },
  ),
  passThrough(
    'queues.move_task_backward',
    (c) => c.queues.moveTaskBackward({ queue: Q, task: T }),
    { queue: Q, task: T },
    { position: 3 },
  ),
  passThrough(
    'queues.move_task_to_front',
    (c) => c.queues.moveTaskToFront({ queue: Q, task: T }),
    { queue: Q, task: T },
    { position: 0 },
  ),
  passThrough(
    'queues.move_task_to_back',
    (c) => c.queues.moveTaskToBack({ queue: Q, task: T }),
    { queue: Q, task: T },
    { position: 4 },
  ),
  passThrough(
    'workers.get_all',
    (c) => c.workers.getAll({ last_seen: 600 }),
    { last_seen: 600 },
    { workers: [{ id: 'host:0', queues: [{ id: Q, name: 'default', num_tasks: 0 }], task: { id: T, name: 'a' } }] },
  ),
  passThrough(
    'workers.get_stats',
    (c) =>
      c.workers.getStats({
        from_date: 0,
        to_date: 3600,
        interval: 60,
        worker_ids: ['host:0'],
        items: [{ key: 'cpu_usage', aggregation: 'avg' }],
      }),
    {
      from_date: 0,
      to_date: 3600,
      interval: 60,
      worker_ids: ['host:0'],
      items: [{ key: 'cpu_usage', aggregation: 'avg' }],
    },
    {
      workers: [
        {
          worker: 'host:0',
          metrics: [{ metric: 'cpu_usage', dates: [0], stats: [{ aggregation: 'avg', values: [12.5] }] }],
        },
      ],
    },
  ),
  passThrough(
    'workers.get_activity_report',
    (c) => c.workers.getActivityReport({ from_date: 0, to_date: 3600, interval: 600 }),
    { from_date: 0, to_date: 3600, interval: 600 },
    { total: { dates: [0], counts: [2] }, active: { dates: [0], counts: [1] } },
  ),
  // The demo's simulated cluster (src/demo/cluster.ts, simulated-workers.ts).
  passThrough(
    'queues.create',
    (c) => c.queues.create({ name: 'default', system_tags: ['default'] }),
    { name: 'default', system_tags: ['default'] },
    { id: Q },
  ),
  passThrough(
    'workers.register',
    (c) => c.workers.register({ worker: 'host:0', timeout: 600, queues: [Q] }),
    { worker: 'host:0', timeout: 600, queues: [Q] },
    {},
  ),
  passThrough(
    'workers.status_report',
    (c) =>
      c.workers.statusReport({
        worker: 'host:0',
        timestamp: 1735725630123,
        task: T,
        machine_stats: { gpu_usage: [97] },
      }),
    { worker: 'host:0', timestamp: 1735725630123, task: T, machine_stats: { gpu_usage: [97] } },
    {},
  ),
  passThrough('workers.unregister', (c) => c.workers.unregister({ worker: 'host:0' }), { worker: 'host:0' }, {}),
  passThrough(
    'models.create',
    (c) => c.models.create({ name: 'best', task: T, ready: false, uri: 'file:///m.pt' }),
    { name: 'best', task: T, ready: false, uri: 'file:///m.pt' },
    { id: T2, created: true },
  ),
  passThrough(
    'models.get_all_ex',
    (c) => c.models.getAllEx({ task: [T] }),
    { task: [T] },
    { models: [{ id: T2, name: 'best', ready: false, task: { id: T } }] },
  ),
  passThrough(
    'projects.create',
    (c) => c.projects.create({ name: 'demo', description: 'd' }),
    { name: 'demo', description: 'd' },
    { id: P },
  ),
  passThrough(
    'projects.get_all_ex',
    (c) => c.projects.getAllEx({ name: '^demo$', search_hidden: true }),
    { name: '^demo$', search_hidden: true },
    { projects: [{ id: P, name: 'demo', basename: 'demo' }] },
  ),
  passThrough(
    'projects.get_task_tags',
    (c) => c.projects.getTaskTags({ include_system: true }),
    { include_system: true },
    { tags: ['a'], system_tags: ['archived'] },
  ),
  passThrough(
    'users.get_all_ex',
    (c) => c.users.getAllEx({ only_fields: ['name'] }),
    { only_fields: ['name'] },
    { users: [{ id: T2, name: 'ann' }] },
  ),
  passThrough(
    'users.get_current_user',
    (c) => c.users.getCurrentUser(),
    {},
    {
      user: {
        id: T2,
        name: 'ann',
        company: { id: P, name: 'tracktop' },
        role: 'user',
        created: '2025-01-01T00:00:00+00:00',
      },
      getting_started: null,
    },
  ),
];

describe('operations', () => {
  it('has one case for every operation except auth.login (tested on its own below)', () => {
    const covered = cases.map((c) => c.endpoint).sort();
    expect(covered).toEqual(ENDPOINTS.filter((e) => e !== 'auth.login').sort());
  });

  it.each(cases.map((c) => [c.endpoint, c] as const))(
    '%s sends its path and body and decodes the answer',
    async (endpoint, c) => {
      server.reply(
        endpoint,
        typeof c.data === 'string' ? { status: 200, raw: c.data, contentType: 'text/plain' } : ok(c.data),
      );
      const result = await c.invoke(client);
      const [req] = server.requestsTo(endpoint);
      expect(req?.method).toBe('POST');
      expect(req?.path).toBe(`/${endpoint}`);
      if (typeof c.sent === 'string') expect(req?.body).toBe(c.sent);
      else expect(JSON.parse(req?.body ?? 'null')).toEqual(c.sent);
      expect(result).toEqual(c.result);
    },
  );

  it('auth.login sends expiration_sec with Basic credentials and returns the token', async () => {
    const token = makeToken({ exp: 4_000_000_000, identity: { user: 'u1' } });
    server.reply('auth.login', ok({ token }));
    await expect(client.auth.login({ expiration_sec: 86_400 })).resolves.toEqual({ token });
    const [req] = server.requestsTo('auth.login');
    expect(req?.path).toBe('/auth.login');
    expect(JSON.parse(req?.body ?? 'null')).toEqual({ expiration_sec: 86_400 });
    expect(req?.headers.authorization).toBe(`Basic ${Buffer.from('key:secret').toString('base64')}`);
  });

  it('reports.create with a body sends report/report_assets through a following reports.update', async () => {
    server.reply('reports.create', ok({ id: T, project_id: P }));
    server.reply(
      'reports.update',
      ok({ updated: 1, fields: { report: '# Results', report_assets: ['s3://b/a.png'] } }),
    );
    const res = await client.reports.create({ name: 'Weekly', report: '# Results', report_assets: ['s3://b/a.png'] });
    expect(res).toEqual({ id: T, project_id: P });
    expect(server.requests.map((r) => r.endpoint)).toEqual(['reports.create', 'reports.update']);
    expect(server.bodiesOf('reports.create')).toEqual([{ name: 'Weekly' }]);
    expect(server.bodiesOf('reports.update')).toEqual([
      { task: T, report: '# Results', report_assets: ['s3://b/a.png'] },
    ]);
  });

  it('reports.create names the created report when saving its body fails', async () => {
    server.reply('reports.create', ok({ id: T, project_id: P }));
    server.reply('reports.update', { status: 400, resultSubcode: 110, resultMsg: 'invalid task status' });
    const err = await client.reports.create({ name: 'Weekly', report: '# Results' }).catch((e: unknown) => e);
    expect(String((err as Error).message)).toContain(`report ${T} was created but its body was not saved`);
  });

  it('client.call reaches any endpoint with the same typing', async () => {
    server.reply('reports.get_tags', ok({ tags: ['x'] }));
    await expect(client.call('reports.get_tags', {})).resolves.toEqual({ tags: ['x'] });
  });
});
