// The bell for a task that turned failed: one BEL per failure transition the store counts,
// written beside the frame to the same stdout; none with `--no-bell`. (The transition itself
// is tested against the server in test/store/tasks/list-actions.test.ts; here the store's
// counter is moved directly, as only the writer is under test.)
import { afterEach, describe, expect, it } from 'vitest';
import type { MonitorStore } from '../../src/store/types.js';
import { settle } from '../helpers/render.js';
import { fixedStore, renderMonitor, type MonitorRender } from '../helpers/ui-fixture.js';

let current: MonitorRender | undefined;
afterEach(() => {
  current?.unmount();
  current = undefined;
});

const bells = (m: MonitorRender): number => m.stdout.output.split('\u0007').length - 1;

function ring(store: MonitorStore): void {
  store.setState((s) => ({ tasks: { ...s.tasks, bells: s.tasks.bells + 1 } }));
}

describe('failure bell', () => {
  it('rings once per counted failure, and not when other state changes', async () => {
    const store = fixedStore();
    current = renderMonitor(store, { columns: 100, rows: 30 }, { debug: false });
    await settle();
    expect(bells(current)).toBe(0);
    ring(store);
    await settle();
    expect(bells(current)).toBe(1);
    store.getState().actions.moveSelection(1);
    await settle();
    expect(bells(current)).toBe(1);
    ring(store);
    await settle();
    expect(bells(current)).toBe(2);
  });

  it('stays silent with --no-bell', async () => {
    const store = fixedStore();
    current = renderMonitor(store, { columns: 100, rows: 30 }, { debug: false, app: { bell: false } });
    await settle();
    ring(store);
    await settle();
    expect(bells(current)).toBe(0);
  });
});
