import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src/api/index.js';
import {
  iframe,
  plotWidgetUrl,
  sampleWidgetUrl,
  scalarWidgetUrl,
  singleValueWidgetUrl,
} from '../../../src/demo/report-bodies.js';
import { DataShapeError } from '../../../src/store/core/errors.js';
import { MAX_CACHED_WIDGETS, WIDGET_HISTOGRAM_SAMPLES } from '../../../src/store/reports/widgets.js';
import type { MonitorState, WidgetData } from '../../../src/store/types.js';
import { parseWidgetData } from '../../../src/store/reports/widget-data.js';
import { parseWidgetUrl, type KnownReportWidget } from '../../../src/text/report-widgets.js';
import {
  addScalars,
  countCalls,
  createTask,
  monitorFixture,
  type MonitorFixture,
} from '../../helpers/store-fixture.js';
import { createReport, openReports } from '../../helpers/reports-fixture.js';

let fx: MonitorFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

const WEB = 'http://app.example.test';
const SINGLE_VALUE_ITER = -2147483648;
const BAR = JSON.stringify({
  data: [{ type: 'bar', x: ['a', 'b'], y: [3, 5], name: 'counts' }],
  layout: { title: 'class counts' },
});

/** A task with scalars, one plot, one debug image and one single value. */
async function taskWithEvents(writer: ApiClient, name: string): Promise<string> {
  const task = await createTask(writer, name);
  await addScalars(writer, task, 'loss', 'train', [4, 3, 2, 1]);
  await writer.events.addBatch([
    { type: 'plot', task, metric: 'data', variant: 'classes', iter: 3, timestamp: Date.UTC(2025, 0, 2), plot_str: BAR },
    {
      type: 'training_debug_image',
      task,
      metric: 'samples',
      variant: 'input',
      iter: 7,
      timestamp: Date.UTC(2025, 0, 2),
      url: 'http://files.example.test/7.png',
    },
    {
      type: 'training_stats_scalar',
      task,
      metric: 'Summary',
      variant: 'accuracy',
      iter: SINGLE_VALUE_ITER,
      value: 0.95,
      timestamp: Date.UTC(2025, 0, 2),
    },
  ]);
  return task;
}

function widgetBody(task: string): string {
  return [
    '# Results',
    iframe(scalarWidgetUrl(WEB, { tasks: [task], metrics: ['loss'], variants: ['train'] })),
    iframe(singleValueWidgetUrl(WEB, [task])),
    iframe(plotWidgetUrl(WEB, task, 'data', 'classes')),
    iframe(sampleWidgetUrl(WEB, task, 'samples', 'input')),
  ].join('\n\n');
}

function urlsOf(task: string): string[] {
  return [
    scalarWidgetUrl(WEB, { tasks: [task], metrics: ['loss'], variants: ['train'] }),
    singleValueWidgetUrl(WEB, [task]),
    plotWidgetUrl(WEB, task, 'data', 'classes'),
    sampleWidgetUrl(WEB, task, 'samples', 'input'),
  ];
}

const dataOf = (s: MonitorState, url: string): WidgetData | null => s.reports.widgets[url]?.data ?? null;
const allLoaded = (urls: string[]) => (s: MonitorState) =>
  urls.every((u) => s.reports.widgets[u]?.data != null && !s.reports.widgets[u]?.loading);

describe('report widgets: fetched with reports.get_task_data while the report is shown', () => {
  it('fetches each widget of the shown report and keeps its data by widget URL', async () => {
    fx = await monitorFixture();
    const task = await taskWithEvents(fx.writer, 'trainer');
    await createReport(fx.writer, 'with widgets', { body: widgetBody(task) });
    fx.store.getState().actions.setPaneRows('details', 20);
    await openReports(fx, 1);
    const [scalar, single, plot, sample] = urlsOf(task) as [string, string, string, string];
    await fx.until(allLoaded([scalar, single, plot, sample]), 'widget data');
    const s = fx.state();
    expect(dataOf(s, scalar)).toEqual({
      kind: 'scalar',
      axis: 'iter',
      series: [{ metric: 'loss', variant: 'train', task, taskName: 'trainer', x: [0, 1, 2, 3], y: [4, 3, 2, 1] }],
    });
    expect(dataOf(s, single)).toEqual({
      kind: 'single',
      values: [{ task, taskName: 'trainer', metric: 'Summary', variant: 'accuracy', value: 0.95 }],
    });
    expect(dataOf(s, plot)).toEqual({
      kind: 'plot',
      plots: [{ task, taskName: 'trainer', metric: 'data', variant: 'classes', iter: 3, plotStr: BAR }],
    });
    expect(dataOf(s, sample)).toEqual({
      kind: 'sample',
      images: [
        {
          task,
          taskName: 'trainer',
          metric: 'samples',
          variant: 'input',
          iter: 7,
          url: 'http://files.example.test/7.png',
        },
      ],
    });
    const requests = fx.proxy.calls
      .filter((c) => c.endpoint === 'reports.get_task_data')
      .map((c) => JSON.parse(c.body) as Record<string, unknown>);
    expect(requests).toHaveLength(4);
    expect(requests[0]).toMatchObject({
      id: [task],
      only_fields: ['id', 'name'],
      scalar_metrics_iter_histogram: {
        key: 'iter',
        metrics: [{ metric: 'loss', variants: ['train'] }],
        samples: WIDGET_HISTOGRAM_SAMPLES,
      },
    });
    expect(requests[1]).toMatchObject({ id: [task], single_value_metrics: {} });
    expect(requests[2]).toMatchObject({ plots: { iters: 1, metrics: [{ metric: 'data', variants: ['classes'] }] } });
    expect(requests[3]).toMatchObject({
      debug_images: { iters: 1, metrics: [{ metric: 'samples', variants: ['input'] }] },
    });
  });

  it('fetches nothing while the details pane is hidden, and fetches when it is focused', async () => {
    fx = await monitorFixture();
    const task = await taskWithEvents(fx.writer, 'trainer');
    await createReport(fx.writer, 'with widgets', { body: widgetBody(task) });
    const actions = await openReports(fx, 1);
    await fx.until((s) => s.reports.fetchedAt !== null, 'list');
    fx.store.getState().actions.refresh();
    await fx.until((s) => s.reports.fetchedAt !== null && !s.reports.loading, 'second list');
    expect(countCalls(fx.proxy, 'reports.get_task_data')).toBe(0);
    actions.focusPane('details');
    await fx.until(allLoaded(urlsOf(task)), 'widget data after focusing the details');
    expect(countCalls(fx.proxy, 'reports.get_task_data')).toBe(4);
  });

  it('fetches again on refresh, keeping the data on screen until the new data is in', async () => {
    fx = await monitorFixture();
    const task = await taskWithEvents(fx.writer, 'trainer');
    await createReport(fx.writer, 'with widgets', { body: widgetBody(task) });
    fx.store.getState().actions.setPaneRows('details', 20);
    const actions = await openReports(fx, 1);
    const [scalar] = urlsOf(task) as [string];
    await fx.until(allLoaded(urlsOf(task)), 'widget data');
    await addScalars(fx.writer, task, 'loss', 'train', [0.5, 0.25], 4);
    fx.proxy.reset();
    actions.refresh();
    expect(dataOf(fx.state(), scalar)).not.toBeNull();
    await fx.until((s) => {
      const d = dataOf(s, scalar);
      return d?.kind === 'scalar' && d.series[0]?.x.length === 6;
    }, 'the refreshed chart');
    await fx.until(allLoaded(urlsOf(task)), 'every widget again');
    expect(countCalls(fx.proxy, 'reports.get_task_data')).toBe(4);
  });

  it('shows a refused widget as an error of that widget only', async () => {
    fx = await monitorFixture();
    const task = await taskWithEvents(fx.writer, 'trainer');
    // The server refuses the name pattern (an unclosed group): 400 for this widget.
    const bad = `${WEB}/widgets/?type=scalar&metrics=loss&name=${encodeURIComponent('(unclosed')}`;
    const good = singleValueWidgetUrl(WEB, [task]);
    await createReport(fx.writer, 'one bad widget', { body: `${iframe(bad)}\n\n${iframe(good)}` });
    fx.store.getState().actions.setPaneRows('details', 20);
    await openReports(fx, 1);
    await fx.until(
      (s) => s.reports.widgets[bad]?.error != null && s.reports.widgets[good]?.data != null,
      'one error, one widget drawn',
    );
    const s = fx.state();
    expect(s.reports.widgets[bad]).toMatchObject({
      loading: false,
      data: null,
      error: expect.stringMatching(/reports\.get_task_data[\s\S]*r tries again/),
    });
    expect(s.connection.state).toBe('live');
  });

  it(`keeps at most ${MAX_CACHED_WIDGETS} widgets, dropping the least recently shown`, async () => {
    fx = await monitorFixture();
    const task = await createTask(fx.writer, 'many metrics');
    const urls = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => scalarWidgetUrl(WEB, { tasks: [task], metrics: [`m${from + i}`] }));
    const first = urls(0, 20);
    const second = urls(20, 30);
    await createReport(fx.writer, 'first', { body: first.map((u) => iframe(u)).join('\n\n') });
    await createReport(fx.writer, 'second', { body: second.map((u) => iframe(u)).join('\n\n') });
    fx.store.getState().actions.setPaneRows('details', 20);
    const actions = await openReports(fx, 2);
    // Shown first: the report listed first (the newest); then the other one.
    const s = fx.state();
    const shownFirst = s.reports.byId[s.reports.ids[0] ?? '']?.name === 'first' ? first : second;
    const shownLast = shownFirst === first ? second : first;
    await fx.until(allLoaded(shownFirst), 'the first shown report widgets');
    actions.moveSelection(1);
    await fx.until(allLoaded(shownLast), 'the other report widgets');
    const cached = Object.keys(fx.state().reports.widgets);
    expect(cached).toHaveLength(MAX_CACHED_WIDGETS);
    for (const url of shownLast) expect(cached).toContain(url);
    // The oldest of the report shown first went.
    const kept = shownFirst.filter((u) => cached.includes(u));
    expect(kept).toEqual(shownFirst.slice(shownFirst.length - (MAX_CACHED_WIDGETS - shownLast.length)));
  });
});

describe('report widgets: answers', () => {
  const widget = (url: string) => parseWidgetUrl(url) as KnownReportWidget;

  it('reads time-axis histograms with ISO x values as epoch ms, sorted', () => {
    const w = widget(scalarWidgetUrl(WEB, { tasks: ['t1'], metrics: ['lr'], xaxis: 'iso_time' }));
    const data = parseWidgetData(w, {
      tasks: [{ id: 't1', name: 'run one' }],
      scalar_metrics_iter_histogram: {
        lr: { lr: { t1: { x: ['2025-01-01T00:00:02Z', '2025-01-01T00:00:01Z'], y: [0.2, 0.1] } } },
      },
    });
    expect(data).toEqual({
      kind: 'scalar',
      axis: 'time',
      series: [
        {
          metric: 'lr',
          variant: 'lr',
          task: 't1',
          taskName: 'run one',
          x: [Date.UTC(2025, 0, 1, 0, 0, 1), Date.UTC(2025, 0, 1, 0, 0, 2)],
          y: [0.1, 0.2],
        },
      ],
    });
  });

  it('says which section is missing from an answer', () => {
    const w = widget(plotWidgetUrl(WEB, 't1', 'data', 'classes'));
    expect(() => parseWidgetData(w, { tasks: [] })).toThrow(DataShapeError);
    expect(() => parseWidgetData(w, { tasks: [] })).toThrow(/"plots"/);
  });

  it('skips malformed parts and keeps the newest plot of each series', () => {
    const w = widget(plotWidgetUrl(WEB, 't1', 'data', 'classes'));
    const data = parseWidgetData(w, {
      plots: {
        data: {
          classes: {
            t1: {
              '1': { name: 'run', plots: [{ metric: 'data', variant: 'classes', iter: 1, plot_str: '{"data":[]}' }] },
              '5': {
                name: 'run',
                plots: [{ metric: 'data', variant: 'classes', iter: 5, plot_str: BAR }, { iter: 6 }],
              },
            },
            t2: 'not an object',
          },
        },
      },
    });
    expect(data).toEqual({
      kind: 'plot',
      plots: [{ task: 't1', taskName: 'run', metric: 'data', variant: 'classes', iter: 5, plotStr: BAR }],
    });
  });
});
