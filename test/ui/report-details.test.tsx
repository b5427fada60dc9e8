// The report details pane: the body's widgets drawn in place from the store's widget data,
// and scrolling that reaches the last rendered line.
import { afterEach, describe, expect, it } from 'vitest';
import type { MonitorStore, ReportRow, WidgetEntry } from '../../src/store/types.js';
import { loadMarkdown } from '../../src/text/markdown/on-demand.js';
import { displayWidth } from '../../src/text/sanitize.js';
import { urlLines, WIDGET_CHART_ROWS } from '../../src/ui/panes/report-widget-lines.js';
import { KEYS, settle } from '../helpers/render.js';
import { fixedStore, NOW, renderMonitor, type MonitorRender } from '../helpers/ui-fixture.js';

let current: MonitorRender | undefined;
afterEach(() => {
  current?.unmount();
  current = undefined;
});

const WEB = 'https://app.example.test/widgets/?objectType=task';
const SCALAR = `${WEB}&type=scalar&xaxis=iter&metrics=loss&tasks=t1&tasks=t2`;
const SINGLE = `${WEB}&type=single&tasks=t1`;
const PLOT = `${WEB}&type=plot&metrics=data&variants=classes&tasks=t1`;
const SAMPLE = `${WEB}&type=sample&metrics=samples&variants=input&tasks=t1`;
const IMAGE_URL =
  'http://files.example.test/demo/samples/input/iter_000007_a-rather-long-file-name-for-a-debug-image.png';

const BAR = JSON.stringify({
  data: [{ type: 'bar', x: ['cat', 'dog'], y: [10, 20], name: 'counts' }],
  layout: { title: 'class counts' },
});

const ENTRIES: Record<string, WidgetEntry> = {
  [SCALAR]: {
    loading: false,
    error: null,
    fetchedAt: NOW,
    data: {
      kind: 'scalar',
      axis: 'iter',
      series: [
        { metric: 'loss', variant: 'train', task: 't1', taskName: 'run-one', x: [0, 10, 20, 30], y: [2, 1.5, 1, 0.5] },
        {
          metric: 'loss',
          variant: 'train',
          task: 't2',
          taskName: 'run-two',
          x: [0, 10, 20, 30],
          y: [2.2, 1.8, 1.4, 1.1],
        },
      ],
    },
  },
  [SINGLE]: {
    loading: false,
    error: null,
    fetchedAt: NOW,
    data: {
      kind: 'single',
      values: [{ task: 't1', taskName: 'run-one', metric: 'test', variant: 'accuracy', value: 0.9512 }],
    },
  },
  [PLOT]: {
    loading: false,
    error: null,
    fetchedAt: NOW,
    data: {
      kind: 'plot',
      plots: [{ task: 't1', taskName: 'run-one', metric: 'data', variant: 'classes', iter: 3, plotStr: BAR }],
    },
  },
  [SAMPLE]: {
    loading: false,
    error: null,
    fetchedAt: NOW,
    data: {
      kind: 'sample',
      images: [{ task: 't1', taskName: 'run-one', metric: 'samples', variant: 'input', iter: 7, url: IMAGE_URL }],
    },
  },
};

function withReport(store: MonitorStore, body: string, widgets: Record<string, WidgetEntry> = {}): void {
  store.setState((s) => ({
    reports: {
      ...s.reports,
      byId: { ...s.reports.byId, 'r-draft': { ...(s.reports.byId['r-draft'] as ReportRow), body } },
      widgets,
    },
  }));
}

async function openDetails(store: MonitorStore, columns: number, rows: number): Promise<MonitorRender> {
  current = renderMonitor(store, { columns, rows });
  await settle();
  await current.press('2');
  await current.press('4');
  // The pane asked for the markdown renderer when first drawn and draws the body once it is in.
  await loadMarkdown();
  await settle();
  return current;
}

const text = (m: MonitorRender): string => m.lines().join('\n');

describe('report details: widgets', () => {
  it('draws a scalar chart, a single-value table, a plot and debug image links in place', async () => {
    // 96 columns: below the side-by-side layout, the details pane has the whole width.
    const store = fixedStore({ cols: 96, rows: 60 });
    const body = [
      '# Results',
      `<iframe src="${SCALAR}"></iframe>`,
      `<iframe src="${SINGLE}"></iframe>`,
      `<iframe src="${PLOT}"></iframe>`,
      `<iframe src="${SAMPLE}"></iframe>`,
      'The end.',
    ].join('\n\n');
    withReport(store, body, ENTRIES);
    const m = await openDetails(store, 96, 60);
    const lines = m.lines();
    const screen = lines.join('\n');
    const title = lines.findIndex((l) => l.includes('▸ scalars: loss'));
    expect(title).toBeGreaterThan(0);
    // The chart: y labels on an axis, x labels, a legend naming the runs.
    const chart = lines.slice(title + 1, title + 1 + WIDGET_CHART_ROWS).join('\n');
    expect(chart).toMatch(/┤|┼/);
    expect(chart).toContain('iter');
    expect(chart).toContain('run-one');
    expect(chart).toContain('run-two');
    expect(screen).toMatch(/test › accuracy +0\.9512/);
    expect(screen).toContain('▸ plot: data › classes');
    expect(screen).toContain('data › classes · run-one · iter 3');
    expect(screen).toContain('class counts');
    expect(screen).toContain('▸ debug images: samples › input');
    expect(screen).toContain('samples › input · run-one · iter 7');
    // The URL is wrapped over two rows of the pane, not cut.
    const url = lines.findIndex((l) => l.includes('http://files.example.test'));
    const inside = (l: string) => l.replace(/^[│┃] {2}/, '').replace(/ *[│┃]$/, '');
    expect(inside(lines[url] ?? '') + inside(lines[url + 1] ?? '')).toBe(IMAGE_URL);
    expect(screen).toContain('The end.');
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(96);
  });

  it('says when a widget is loading, and shows the reason a widget was refused', async () => {
    const store = fixedStore({ cols: 96, rows: 30 });
    withReport(store, `<iframe src="${SCALAR}"></iframe>\n\n<iframe src="${SINGLE}"></iframe>`, {
      [SCALAR]: { loading: true, data: null, error: null, fetchedAt: null },
      [SINGLE]: {
        loading: false,
        data: null,
        error: 'reports.get_task_data: invalid task id — r tries again',
        fetchedAt: NOW,
      },
    });
    const m = await openDetails(store, 96, 30);
    const screen = text(m);
    expect(screen).toContain('▸ scalars: loss · loading…');
    expect(screen).toContain('▸ single values');
    expect(screen).toContain('reports.get_task_data: invalid task id — r tries again');
  });

  it('names a widget it cannot draw, with the reason', async () => {
    const store = fixedStore({ cols: 100, rows: 30 });
    withReport(store, `<iframe src="${WEB}&type=parcoords&tasks=t1"></iframe>`);
    const m = await openDetails(store, 100, 30);
    expect(text(m)).toContain('[widget: widget type "parcoords" is not supported]');
  });
});

describe('report details: scrolling', () => {
  const LAST = 'the very last words of the report';
  // Three source lines that wrap into many rows in a narrow pane.
  const body = `${'alpha beta gamma delta '.repeat(40)}\n\n${'epsilon zeta eta theta '.repeat(40)} ${LAST}`;

  it('G and PgDn reach the last wrapped line of a long body in a narrow pane', async () => {
    const store = fixedStore({ cols: 60, rows: 16 });
    withReport(store, body);
    const m = await openDetails(store, 60, 16);
    expect(text(m)).not.toContain(LAST);
    await m.press('G');
    expect(text(m)).toContain(LAST);
    const s = store.getState();
    expect(s.reports.detailsLines).toBeGreaterThan(body.split('\n').length + 10);
    expect(s.reports.detailsTop).toBe(s.reports.detailsLines - s.ui.paneRows.details);
    await m.press('g');
    for (let i = 0; i < 10 && !text(m).includes(LAST); i++) await m.press(KEYS.pageDown);
    expect(text(m)).toContain(LAST);
    const top = store.getState().reports.detailsTop;
    await m.press('j');
    expect(store.getState().reports.detailsTop).toBe(top);
    await m.press('k');
    expect(store.getState().reports.detailsTop).toBe(top - 1);
  });
});

describe('urlLines', () => {
  it('wraps a long URL whole and links every part to the whole URL when hyperlinks are on', () => {
    const plain = urlLines(IMAGE_URL, 40, '  ', false);
    expect(plain.length).toBeGreaterThan(1);
    expect(plain.map((l) => l.slice(2)).join('')).toBe(IMAGE_URL);
    for (const line of plain) expect(displayWidth(line)).toBeLessThanOrEqual(40);
    const linked = urlLines(IMAGE_URL, 40, '  ', true);
    for (const line of linked) expect(line).toContain(`\u001b]8;;${IMAGE_URL}\u0007`);
    expect(urlLines('javascript:alert(1)', 40, '', true)).toEqual(['javascript:alert(1)']);
  });
});
