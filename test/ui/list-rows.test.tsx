// The rows both list panes draw through list-pane: what an empty list says when a filter hides
// everything, and where the mark and the status glyph stand in a row.
import { afterEach, describe, expect, it } from 'vitest';
import type { MonitorStore } from '../../src/store/types.js';
import { settle } from '../helpers/render.js';
import { fixedStore, renderMonitor, type MonitorRender } from '../helpers/ui-fixture.js';

let current: MonitorRender | undefined;
afterEach(() => {
  current?.unmount();
  current = undefined;
});

async function open(store: MonitorStore): Promise<MonitorRender> {
  current = renderMonitor(store, { columns: 100, rows: 30 });
  await settle();
  return current;
}

const row = (m: MonitorRender, name: string): string => m.lines().find((l) => l.includes(name)) ?? '';

describe('list rows', () => {
  it('says the filter hides every task, not that there are none', async () => {
    const store = fixedStore();
    store.setState((s) => ({
      tasks: { ...s.tasks, ids: [] },
      ui: { ...s.ui, filters: { ...s.ui.filters, tasks: 'nothing-like-this' } },
    }));
    const m = await open(store);
    expect(m.lines().join('\n')).toContain('no tasks match the filter');
  });

  it('says the filter hides every report when only a status filter is set', async () => {
    const store = fixedStore();
    store.setState((s) => ({
      reports: { ...s.reports, ids: [], filter: { ...s.reports.filter, status: ['published'] } },
    }));
    const m = await open(store);
    await m.press('2');
    const screen = m.lines().join('\n');
    expect(screen).toContain('no reports match the filter');
    expect(screen).not.toContain('Q1 summary');
  });

  it('draws a report mark before its status glyph, and a task mark after it', async () => {
    const store = fixedStore();
    store.setState((s) => ({
      reports: { ...s.reports, marked: ['r-pub'] },
      tasks: { ...s.tasks, marked: ['t-running'] },
    }));
    const m = await open(store);
    expect(row(m, 'train-resnet50-lr0.1')).toMatch(/▶◆train-resnet50-lr0\.1/);
    await m.press('2');
    expect(row(m, 'Q1 summary')).toMatch(/┃◆● {2}Q1 summary/);
    expect(row(m, 'Weekly vision results')).toMatch(/┃ ○ {2}Weekly vision results/);
  });
});
