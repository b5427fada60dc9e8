import { describe, expect, it } from 'vitest';
import type { PaneName, ViewName } from '../../src/store/types.js';
import {
  computeLayout,
  paneInner,
  paneRowsOf,
  pickerBox,
  PICKER_MAX_COLS,
  PICKER_MAX_ROWS,
  type LayoutInput,
  type LayoutNode,
} from '../../src/ui/layout.js';

const input = (
  cols: number,
  rows: number,
  view: ViewName = 'tasks',
  focused: PaneName = view === 'tasks' ? 'tasks' : 'reports',
): LayoutInput => ({
  cols,
  rows,
  view,
  focused,
  topPane: 'scalars',
  bottomPane: 'logs',
});

/** Checks that children fill their split exactly. */
function checkFits(node: LayoutNode): void {
  if (node.kind === 'pane') return;
  const along = node.children.reduce((sum, c) => sum + (node.direction === 'row' ? c.width : c.height), 0);
  expect(along).toBe(node.direction === 'row' ? node.width : node.height);
  for (const child of node.children) {
    expect(node.direction === 'row' ? child.height : child.width).toBe(
      node.direction === 'row' ? node.height : node.width,
    );
    checkFits(child);
  }
}

describe('computeLayout', () => {
  const sizes: [number, number][] = [
    [60, 16],
    [80, 24],
    [100, 30],
    [120, 40],
    [200, 60],
    [300, 100],
  ];
  it.each(sizes)('at %ix%i the frame stays below the terminal height and the panes fill it exactly', (cols, rows) => {
    for (const view of ['tasks', 'reports'] as const) {
      const layout = computeLayout(input(cols, rows, view));
      expect(layout.frameRows).toBe(rows - 1);
      expect(layout.headerRows + layout.bodyRows + layout.footerRows).toBe(layout.frameRows);
      expect(layout.body).not.toBeNull();
      const body = layout.body as LayoutNode;
      expect(body.width).toBe(cols);
      expect(body.height).toBe(layout.bodyRows);
      checkFits(body);
    }
  });

  it('shows one pane (the focused one) when narrow', () => {
    const layout = computeLayout(input(60, 16, 'tasks', 'logs'));
    expect(layout.mode).toBe('narrow');
    expect(layout.panes.map((p) => p.pane)).toEqual(['logs']);
  });

  it('puts the list left and the detail panes right when wide', () => {
    const tasks = computeLayout(input(100, 30));
    expect(tasks.mode).toBe('wide');
    expect(tasks.panes.map((p) => p.pane)).toEqual(['tasks', 'scalars', 'logs']);
    const wide = computeLayout(input(200, 60));
    expect(wide.panes.map((p) => p.pane)).toEqual(['tasks', 'scalars', 'chart', 'logs']);
    const reports = computeLayout(input(200, 60, 'reports'));
    expect(reports.panes.map((p) => p.pane)).toEqual(['reports', 'details']);
  });

  it('fills the right slots with the focused pane, else the last one shown there', () => {
    expect(computeLayout(input(100, 30, 'tasks', 'chart')).panes.map((p) => p.pane)).toEqual([
      'tasks',
      'chart',
      'logs',
    ]);
    expect(computeLayout(input(100, 30, 'tasks', 'summary')).panes.map((p) => p.pane)).toEqual([
      'tasks',
      'scalars',
      'summary',
    ]);
    const remembered = computeLayout({ ...input(100, 30, 'tasks', 'tasks'), topPane: 'chart', bottomPane: 'plots' });
    expect(remembered.panes.map((p) => p.pane)).toEqual(['tasks', 'chart', 'plots']);
  });

  it('is too small below 60x16 and has no panes then', () => {
    for (const [cols, rows] of [
      [59, 16],
      [60, 15],
      [10, 3],
    ] as const) {
      const layout = computeLayout(input(cols, rows));
      expect(layout.tooSmall).toBe(true);
      expect(layout.panes).toEqual([]);
      expect(layout.frameRows).toBeLessThan(Math.max(2, rows));
    }
    expect(computeLayout(input(60, 16)).tooSmall).toBe(false);
  });

  it('reports the visible rows of each pane and zero for hidden ones', () => {
    const layout = computeLayout(input(100, 30));
    const rows = paneRowsOf(layout);
    const logs = layout.panes.find((p) => p.pane === 'logs');
    expect(rows.logs).toBe(paneInner(logs as { width: number; height: number }).height);
    expect(rows.chart).toBe(0);
    expect(rows.reports).toBe(0);
  });

  it('asks for about as many samples as the chart has columns', () => {
    const layout = computeLayout(input(200, 60));
    const chart = layout.panes.find((p) => p.pane === 'chart');
    expect(chart).toBeDefined();
    expect(layout.chartColumns).toBeLessThan(paneInner(chart as { width: number; height: number }).width);
    expect(layout.chartColumns).toBeGreaterThan(paneInner(chart as { width: number; height: number }).width - 20);
  });

  it('centres a picker over the body, as tall as its options need, inside every supported size', () => {
    for (const [cols, rows] of [
      [60, 13],
      [80, 21],
      [160, 42],
      [220, 57],
    ] as const) {
      for (const options of [0, 3, 200]) {
        const box = pickerBox(cols, rows, options);
        expect(box.left).toBeGreaterThanOrEqual(2);
        expect(box.left + box.width).toBeLessThanOrEqual(cols - 2);
        expect(box.top).toBeGreaterThanOrEqual(1);
        expect(box.top + box.height).toBeLessThanOrEqual(rows - 1);
        expect(Math.abs(box.left - (cols - box.left - box.width))).toBeLessThanOrEqual(1);
        expect(box.width).toBeLessThanOrEqual(PICKER_MAX_COLS);
        expect(box.height).toBeLessThanOrEqual(Math.min(PICKER_MAX_ROWS, options + 6));
      }
    }
    expect(pickerBox(160, 42, 3).height).toBe(9);
  });
});
