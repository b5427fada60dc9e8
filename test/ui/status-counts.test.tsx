// The status line counts in words: `1 task`, `no reports`, `50+ tasks` (a partial list).
import { afterEach, describe, expect, it } from 'vitest';
import type { MonitorStore } from '../../src/store/types.js';
import { counted, plural } from '../../src/text/format.js';
import { settle } from '../helpers/render.js';
import { fixedStore, renderMonitor, type MonitorRender } from '../helpers/ui-fixture.js';

let current: MonitorRender | undefined;
afterEach(() => {
  current?.unmount();
  current = undefined;
});

/** The store with only its first `tasks` tasks and first `reports` reports listed. */
function listing(tasks: number, reports: number, more = false): MonitorStore {
  const store = fixedStore();
  const s = store.getState();
  store.setState({
    tasks: { ...s.tasks, ids: s.tasks.ids.slice(0, tasks), hasMore: more },
    reports: { ...s.reports, ids: s.reports.ids.slice(0, reports) },
  });
  return store;
}

async function statusLine(store: MonitorStore, view: 'tasks' | 'reports'): Promise<string> {
  current = renderMonitor(store, { columns: 100, rows: 30 });
  await settle();
  if (view === 'reports') await current.press('2');
  await settle();
  return current.lines().find((l) => l.includes('127.0.0.1:8008')) ?? current.lines().join('\n');
}

describe('counts in the status line', () => {
  it('says "1 task" and "1 report"', async () => {
    expect(await statusLine(listing(1, 1), 'tasks')).toMatch(/ · 1 task\b(?!s)/);
    current?.unmount();
    expect(await statusLine(listing(1, 1), 'reports')).toMatch(/ · 1 report\b(?!s)/);
  });

  it('says "no reports" for none and "N+ tasks" for a partial list', async () => {
    expect(await statusLine(listing(1, 0), 'reports')).toMatch(/ · no reports\b/);
    current?.unmount();
    expect(await statusLine(listing(3, 1, true), 'tasks')).toMatch(/ · 3\+ tasks\b/);
  });
});

describe('counted', () => {
  it('names none, one and many', () => {
    expect([0, 1, 2].map((n) => counted(n, 'value'))).toEqual(['no values', '1 value', '2 values']);
    expect(counted(1, 'task', true)).toBe('1+ tasks');
    expect(plural(1, 'series', 'series')).toBe('series');
  });
});
