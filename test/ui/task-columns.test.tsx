import { describe, expect, it } from 'vitest';
import { settle } from '../helpers/render.js';
import { fixedStore, renderMonitor } from '../helpers/ui-fixture.js';
import { metricCell, nameCell, projectCell, taskColumns, taskHeader } from '../../src/ui/panes/task-columns.js';
import { displayWidth } from '../../src/text/width.js';

const GLYPHS = { up: '▲', down: '▼' };

describe('task list columns', () => {
  it('shows the project from 100 terminal columns: narrow (its last part) beside a name of 20 at 120', () => {
    expect(taskColumns(78, 80).project).toBe(0);
    const at120 = taskColumns(39, 120);
    expect(at120.project).toBe(7);
    expect(at120.name).toBeGreaterThanOrEqual(20);
    expect(taskColumns(32, 100).project).toBe(0);
    expect(projectCell('team/vision', 7, '…')).toBe('vision ');
    expect(projectCell('reinforcement', 7, '…')).toBe('rei…ent');
    expect(projectCell('rl', 7, '…')).toBe('rl     ');
    const at160 = taskColumns(52, 160);
    expect(at160.project).toBeGreaterThanOrEqual(8);
    expect(at160.name).toBeGreaterThanOrEqual(24);
    expect(taskColumns(20, 100).project).toBe(0);
    expect(taskColumns(98, 100).project).toBeGreaterThan(0);
  });

  it('the header is as wide as a row and marks the sorted column and direction', () => {
    const columns = taskColumns(60, 160);
    const rowWidth = 2 + columns.name + 1 + columns.project + 1 + columns.iteration + 1 + columns.updated;
    const header = taskHeader(columns, { field: 'last_update', descending: true }, GLYPHS);
    expect(displayWidth(header)).toBe(rowWidth);
    expect(header).toMatch(/updated▼$/);
    expect(taskHeader(columns, { field: 'name', descending: false }, GLYPHS)).toContain('name▲');
    expect(taskHeader(columns, { field: 'last_iteration', descending: true }, GLYPHS)).toContain('iter▼');
    expect(taskHeader(columns, { field: 'status', descending: false }, GLYPHS)).toContain('name (by status▲)');
  });

  it('fits metric columns before the project, never squeezing the name below 12, and titles them', () => {
    const wide = taskColumns(78, 80, undefined, 3);
    expect(wide.metrics).toEqual([8, 8, 8]);
    const narrow = taskColumns(39, 120, undefined, 3);
    expect(narrow.metrics).toEqual([8, 8]);
    expect(narrow.name).toBeGreaterThanOrEqual(12);
    const titles = [
      { field: 'last_metrics.a.b.value', label: 'val/acc' },
      { field: 'last_metrics.c.d.value', label: 'train/loss' },
      { field: 'last_metrics.e.f.value', label: 'lr' },
    ];
    const header = taskHeader(wide, { field: 'last_metrics.a.b.value', descending: true }, GLYPHS, titles);
    expect(header).toContain(' val/acc▼');
    expect(header).toContain(' trai…oss ');
    const rowWidth = 2 + wide.name + 3 * 9 + 1 + wide.iteration + 1 + wide.updated;
    expect(displayWidth(header)).toBe(rowWidth);
    expect(metricCell(0.91234, 8)).toBe(' 0.91234');
    expect(metricCell(0.000012345, 8)).toBe('1.234e-5');
    expect(metricCell(undefined, 8)).toBe('       -');
  });

  it('cuts a long name in the middle to exactly the column width', () => {
    const cell = nameCell('imagenet-resnet152-warmup-cosine-seed1234', 24, '…');
    expect(displayWidth(cell)).toBe(24);
    expect(cell.endsWith('seed1234')).toBe(true);
    expect(nameCell('short', 8, '…')).toBe('short   ');
  });
});

describe('sorted by iteration in a narrow list', () => {
  it('keeps the iteration column, marked, where it would otherwise be left out', () => {
    expect(taskColumns(36, 120).iteration).toBe(0);
    const columns = taskColumns(36, 120, 'last_iteration');
    expect(columns.iteration).toBe(7);
    const rowWidth = 2 + columns.name + 1 + columns.iteration + 1 + columns.updated;
    const header = taskHeader(columns, { field: 'last_iteration', descending: true }, GLYPHS);
    expect(displayWidth(header)).toBe(rowWidth);
    expect(header).toContain('iter▼');
  });

  it('names the sort after the name title when even that column has no room', () => {
    const columns = taskColumns(20, 80, 'last_iteration');
    expect(columns.iteration).toBe(0);
    expect(taskHeader(columns, { field: 'last_iteration', descending: false }, GLYPHS)).toContain('name (iter▲)');
  });

  it('at 120 columns the list shows the sort arrow and the iterations sorted on', async () => {
    const store = fixedStore();
    store.setState((s) => ({ tasks: { ...s.tasks, sort: { field: 'last_iteration', descending: true } } }));
    const m = renderMonitor(store, { columns: 120, rows: 40 });
    await settle();
    const screen = m.lines().join('\n');
    m.unmount();
    expect(screen).toMatch(/iter▼/);
    expect(screen).toMatch(/train-resnet50-lr0\.1\s+48,?213|train-resnet50-lr0\.1\s+48\.2k/);
  });
});
