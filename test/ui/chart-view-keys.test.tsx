// The chart and scalars keys of the key table, rendered: log-scale y (L), x-axis cycle (x),
// :monitor: fold (z), zoom (Z), and the logs pane's position and new-lines marker.
import { afterEach, describe, expect, it } from 'vitest';
import type { MonitorStore, ScalarRow } from '../../src/store/types.js';
import { createTheme } from '../../src/ui/theme.js';
import { settle } from '../helpers/render.js';
import { fixedStore, renderMonitor, type MonitorRender } from '../helpers/ui-fixture.js';

let current: MonitorRender | undefined;
afterEach(() => {
  current?.unmount();
  current = undefined;
});

async function open(store: MonitorStore, columns: number, rows: number): Promise<MonitorRender> {
  current = renderMonitor(store, { columns, rows });
  await settle();
  return current;
}

const text = (m: MonitorRender): string => m.lines().join('\n');

const monitorRow = (variant: string): ScalarRow => ({
  metric: ':monitor:machine',
  variant,
  last: 1,
  min: 0,
  max: 2,
});

describe('chart keys', () => {
  it('L draws y on a log scale and says how many values <= 0 it leaves out', async () => {
    const store = fixedStore();
    store.setState((s) => ({
      scalars: {
        ...s.scalars,
        chartMetric: 'reward',
        series: { ...s.scalars.series, reward: { mean: { x: [0, 1, 2, 3], y: [-5, 10, 100, 1000] } } },
      },
    }));
    const m = await open(store, 100, 30);
    await m.press('5');
    expect(text(m)).not.toMatch(/· log y/);
    await m.press('L');
    expect(store.getState().ui.logScale).toBe(true);
    expect(text(m)).toContain('log y: 1 value <= 0 not drawn');
    // Labels are the data's values: the top row is 1,000 (10^3).
    expect(text(m)).toMatch(/[┃│]1,000 ┤/);
    await m.press('L');
    expect(text(m)).not.toMatch(/· log y/);
  });

  it('x cycles iteration, wall time and time since start', async () => {
    const store = fixedStore();
    const m = await open(store, 100, 30);
    await m.press('5');
    await m.press('x');
    expect(store.getState().ui.xAxis).toBe('time');
    await m.press('x');
    expect(store.getState().ui.xAxis).toBe('since');
    store.setState((s) => ({ scalars: { ...s.scalars, seriesAxis: 'since' } }));
    await settle();
    expect(text(m)).toContain('x: since start');
    await m.press('x');
    expect(store.getState().ui.xAxis).toBe('iter');
  });

  it('draws the raw curve dimmed under the smoothed one', async () => {
    const store = fixedStore();
    current = renderMonitor(store, { columns: 100, rows: 30 }, { theme: createTheme({ color: true, ascii: false }) });
    await settle();
    const m = current;
    await m.press('5');
    // The underlay's style: dim, then the first series' colour (text/chart.ts).
    expect(m.lastFrame()).not.toContain('\u001b[2m\u001b[36m');
    await m.press('s');
    expect(m.lastFrame()).toContain('\u001b[2m\u001b[36m');
  });

  it('Z zooms the focused pane to the whole body and back', async () => {
    const store = fixedStore();
    const m = await open(store, 120, 40);
    await m.press('5');
    expect(text(m)).toContain('tasks');
    await m.press('Z');
    expect(store.getState().ui.zoomed).toBe(true);
    const zoomed = m.lines();
    expect(zoomed.some((l) => l.includes('▸tasks'))).toBe(false);
    expect(zoomed[1]).toMatch(/^[╭┏]━? ?.*chart/);
    await m.press('Z');
    expect(m.lines().some((l) => l.includes('tasks'))).toBe(true);
  });
});

describe('scalars: :monitor: series', () => {
  it('groups them after the user series and folds them with z', async () => {
    const store = fixedStore();
    store.setState((s) => ({
      scalars: { ...s.scalars, rows: [...s.scalars.rows, monitorRow('memory_used_gb'), monitorRow('memory_free_gb')] },
    }));
    const m = await open(store, 100, 30);
    await m.press('4');
    const lines = m.lines();
    const group = lines.findIndex((l) => l.includes(':monitor: 2 series'));
    const loss = lines.findIndex((l) => l.includes('loss › train'));
    expect(group).toBeGreaterThan(loss);
    // Shortened to the column, keeping the end that differs.
    expect(lines.some((l) => /machine › \S*used_gb/.test(l))).toBe(true);
    expect(lines.some((l) => /machine › \S*free_gb/.test(l))).toBe(true);
    await m.press('z');
    expect(text(m)).not.toContain('memory_used_gb');
    expect(text(m)).toContain(':monitor: 2 series (z: show)');
  });
});

describe('logs: position and new lines', () => {
  it('says the position in the log and how many lines arrived with follow off', async () => {
    const store = fixedStore();
    const m = await open(store, 120, 40);
    store.setState((s) => ({ logs: { ...s.logs, atStart: true, atEnd: true, olderHidden: 0, newerHidden: 0 } }));
    await settle();
    expect(text(m)).toMatch(/line 60 of 60/);
    store.setState((s) => ({ logs: { ...s.logs, follow: false, unseen: 12, atStart: false, olderHidden: null } }));
    await settle();
    expect(text(m)).toContain('12 new lines (G: go)');
  });
});

describe('compare: time since start', () => {
  it('overlays two runs started hours apart from their own start', async () => {
    const hour = 3_600_000;
    const store = fixedStore();
    const at = (start: number) => ({ x: [0, 10, 20].map((m) => start + m * 60_000), y: [3, 2, 1] });
    store.setState((s) => ({
      tasks: { ...s.tasks, marked: ['t-a', 't-b'] },
      ui: { ...s.ui, xAxis: 'since' },
      compare: {
        ...s.compare,
        taskIds: ['t-a', 't-b'],
        names: { 't-a': 'run-early', 't-b': 'run-late' },
        rows: [{ metric: 'loss', variant: 'train', values: [1, 1] }],
        series: { loss: { train: { 't-a': at(1_000 * hour), 't-b': at(1_005 * hour) } } },
        seriesAxis: 'since',
        fetchedAt: 1,
      },
    }));
    const m = await open(store, 120, 40);
    await m.press('5');
    const screen = text(m);
    expect(screen).toContain('x: since start');
    expect(screen).toMatch(/run-early 1/);
    expect(screen).toMatch(/run-late 1/);
    // One x range of 20 minutes from 0, not five hours: the two curves lie on each other.
    const ticks = m.lines().find((l) => /\s0s\s/.test(l)) ?? '';
    expect(ticks).toMatch(/\s0s\s.*\s20m/);
    expect(ticks).not.toMatch(/\dh/);
  });
});
