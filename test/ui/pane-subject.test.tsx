// "Always know where you are": with the task list off screen, the open pane names the task.
import { afterEach, describe, expect, it } from 'vitest';
import { settle } from '../helpers/render.js';
import { fixedStore, renderMonitor, type MonitorRender } from '../helpers/ui-fixture.js';

let current: MonitorRender | undefined;
afterEach(() => {
  current?.unmount();
  current = undefined;
});

describe('the selected task named in the pane title', () => {
  for (const [cols, rows] of [
    [80, 24],
    [60, 16],
  ] as const) {
    it(`at ${cols}x${rows} every task pane's title names the task`, async () => {
      const store = fixedStore({ cols, rows });
      current = renderMonitor(store, { columns: cols, rows });
      await settle();
      for (const pane of ['scalars', 'chart', 'logs', 'plots', 'summary'] as const) {
        store.getState().actions.focusPane(pane);
        await settle();
        const top = current.lines()[1] ?? '';
        expect(top, pane).toMatch(new RegExp(`${pane}[^·]* · train-resnet50-lr0\\.1`));
      }
    });
  }

  it('the list pane itself, and wide layouts where the list is on screen, carry no name', async () => {
    const store = fixedStore({ cols: 120, rows: 40 });
    current = renderMonitor(store, { columns: 120, rows: 40 });
    await settle();
    expect(current.lines()[1]).not.toContain('· train-resnet50');
    current.unmount();
    const narrow = fixedStore({ cols: 80, rows: 24 });
    current = renderMonitor(narrow, { columns: 80, rows: 24 });
    await settle();
    expect(current.lines()[1]).toContain('tasks');
    expect(current.lines()[1]).not.toContain('· train-resnet50');
  });
});
