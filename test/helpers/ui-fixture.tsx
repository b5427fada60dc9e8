// Monitor stores holding fixed data, for layout and key tests. A real server is not needed
// here: these tests are about how given store states are drawn and where keys go, so the store
// is the real one (real actions, real navigation) but is never started, and its client is a
// stand-in that fails loudly if anything does call it.
import { createMonitorStore } from '../../src/store/index.js';
import type { StoreClient } from '../../src/store/client.js';
import type { LogLine, MonitorData, MonitorStore, ReportRow, TaskRow } from '../../src/store/types.js';
import { App, type AppProps } from '../../src/ui/App.js';
import { createTheme, type Theme } from '../../src/ui/theme.js';
import { renderSized, type SizedRender } from './render.js';

/** A client for stores that are never started: every call is a test failure. */
export const unusedClient = new Proxy({} as StoreClient, {
  get(_target, service) {
    return new Proxy(
      {},
      {
        get(_t, method) {
          return () => Promise.reject(new Error(`layout test called the API: ${String(service)}.${String(method)}`));
        },
      },
    );
  },
});

export const NOW = Date.UTC(2025, 4, 6, 12, 0, 0);

function task(id: string, name: string, status: string, extra: Partial<TaskRow> = {}): TaskRow {
  return {
    id,
    name,
    status,
    type: 'training',
    project: 'vision/resnet',
    user: 'ada',
    lastUpdate: NOW - 60_000,
    lastIteration: 1200,
    started: NOW - 3_600_000,
    tags: [],
    systemTags: [],
    archived: false,
    statusReason: '',
    statusMessage: '',
    projectId: null,
    userId: null,
    lastMetrics: {},
    ...extra,
  };
}

export const TASKS: TaskRow[] = [
  task('t-running', 'train-resnet50-lr0.1', 'in_progress', { lastIteration: 48_213 }),
  task('t-queued', 'sweep-batch-256', 'queued', { lastIteration: null }),
  task('t-done', 'baseline-small', 'completed', { project: 'nlp/bert' }),
  task('t-failed', 'oom-experiment', 'failed'),
  task('t-stopped', 'stopped-early', 'stopped'),
];

const loss = (n: number, start: number): number[] => Array.from({ length: n }, (_, i) => start / (1 + i / 10));

export const LOG_LINES: LogLine[] = Array.from({ length: 60 }, (_, i) => {
  const level = i % 17 === 5 ? 'error' : i % 11 === 3 ? 'warning' : 'info';
  const text = `step ${i} loss=${(1 / (i + 1)).toFixed(4)}`;
  return { id: i + 1, timestamp: NOW - (60 - i) * 1000, level, text, plain: text, first: true };
});

const BAR_PLOT = JSON.stringify({
  data: [{ type: 'bar', x: ['cat', 'dog', 'bird'], y: [10, 20, 5], name: 'counts' }],
  layout: { title: 'class counts' },
});

const WIDGET =
  'https://app.clear.ml/widgets/?objectType=task&xaxis=iter&type=scalar&metrics=loss&variants=train&objects=t-running';

function report(id: string, name: string, status: string, extra: Partial<ReportRow> = {}): ReportRow {
  return {
    id,
    name,
    comment: '',
    body: `# ${name}\n\nSome **findings** about the run.\n\n- first point\n- second point\n\n<iframe src="${WIDGET}"></iframe>\n`,
    status,
    tags: ['weekly'],
    systemTags: [],
    archived: false,
    projectId: 'p1',
    project: 'vision',
    user: 'ada',
    lastUpdate: NOW - 86_400_000,
    ...extra,
  };
}

export const REPORTS: ReportRow[] = [
  report('r-draft', 'Weekly vision results', 'created', { comment: 'numbers from the sweep' }),
  report('r-pub', 'Q1 summary', 'published', { tags: ['quarterly', 'exec'] }),
  report('r-old', 'Old notes', 'created', { archived: true }),
];

/** State with every pane filled: tasks, the first task's detail, and reports. */
export function filledState(base: MonitorData): Partial<MonitorData> {
  const byId = Object.fromEntries(TASKS.map((t) => [t.id, t]));
  const reportsById = Object.fromEntries(REPORTS.map((r) => [r.id, r]));
  return {
    connection: { ...base.connection, state: 'live', serverUrl: 'http://127.0.0.1:8008', lastSuccessAt: NOW },
    tasks: {
      ...base.tasks,
      ids: TASKS.map((t) => t.id),
      byId,
      selectedId: 't-running',
      selectedIndex: 0,
      loading: false,
      fetchedAt: NOW,
    },
    scalars: {
      ...base.scalars,
      taskId: 't-running',
      rows: [
        { metric: 'loss', variant: 'train', last: 0.0912, min: 0.0912, max: 2 },
        { metric: 'loss', variant: 'val', last: 0.1304, min: 0.1304, max: 2.4 },
        { metric: 'accuracy', variant: 'val', last: 0.9731, min: 0.5, max: 0.9731 },
      ],
      chartMetric: 'loss',
      series: {
        loss: {
          train: { x: Array.from({ length: 80 }, (_, i) => i * 10), y: loss(80, 2) },
          val: { x: Array.from({ length: 80 }, (_, i) => i * 10), y: loss(80, 2.4) },
        },
        accuracy: { val: { x: [0, 10, 20, 30], y: [0.5, Number.NaN, 0.9, 0.97] } },
      },
      loading: false,
      fetchedAt: NOW,
    },
    logs: {
      ...base.logs,
      taskId: 't-running',
      lines: LOG_LINES,
      top: 40,
      atEnd: true,
      follow: true,
      loadingNewer: false,
      fetchedAt: NOW,
    },
    artifacts: {
      ...base.artifacts,
      taskId: 't-running',
      plots: {
        items: [{ metric: 'data', variant: 'classes', iter: 3, timestamp: NOW, plotStr: BAR_PLOT }],
        loading: false,
        error: null,
      },
      images: {
        items: [{ metric: 'samples', variant: 'input', iter: 7, timestamp: NOW, url: 'http://files.local/img/7.png' }],
        loading: false,
        error: null,
      },
      singleValues: {
        items: [{ metric: 'test', variant: 'accuracy', value: 0.9512, timestamp: NOW }],
        loading: false,
        error: null,
      },
      fetchedAt: NOW,
    },
    reports: {
      ...base.reports,
      ids: REPORTS.map((r) => r.id),
      byId: reportsById,
      selectedId: 'r-draft',
      selectedIndex: 0,
      loading: false,
      fetchedAt: NOW,
    },
  };
}

export interface StoreOptions {
  readOnly?: boolean;
  cols?: number;
  rows?: number;
  filled?: boolean;
}

/** A never-started store; `filled` (default) loads the fixed data above. */
export function fixedStore(opts: StoreOptions = {}): MonitorStore {
  const store = createMonitorStore({
    client: unusedClient,
    serverUrl: 'http://127.0.0.1:8008',
    readOnly: opts.readOnly ?? false,
    cols: opts.cols ?? 100,
    rows: opts.rows ?? 30,
    now: () => NOW,
  });
  if (opts.filled !== false) store.setState(filledState(store.getState()));
  return store;
}

export const PLAIN: Theme = createTheme({ color: false, ascii: false });

export interface MonitorRender extends SizedRender {
  store: MonitorStore;
  quits: number;
  copies: string[];
  /** The last frame as lines, without a trailing empty line. */
  lines(): string[];
}

/** Renders the App for `store` at a size; `debug` (default true) makes every write a whole frame. */
export function renderMonitor(
  store: MonitorStore,
  size: { columns: number; rows: number },
  opts: { debug?: boolean; theme?: Theme; app?: Partial<AppProps> } = {},
): MonitorRender {
  const state = { quits: 0, copies: [] as string[] };
  const r = renderSized(
    <App
      store={store}
      theme={opts.theme ?? PLAIN}
      onQuit={() => {
        state.quits += 1;
      }}
      copy={(text) => state.copies.push(text)}
      now={() => NOW}
      {...opts.app}
    />,
    size,
    { debug: opts.debug ?? true },
  );
  const lines = (): string[] => {
    const frame = stripControl(r.lastFrame());
    const all = frame.split('\n');
    while (all.length > 0 && all[all.length - 1] === '') all.pop();
    return all;
  };
  return {
    ...r,
    store,
    get quits() {
      return state.quits;
    },
    get copies() {
      return state.copies;
    },
    lines,
  };
}

/** Removes escape sequences (SGR, the repaint's clear) so a frame reads as plain text. */
export function stripControl(text: string): string {
  return text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '').replace(/\u001b\][^\u0007]*\u0007/g, '');
}
