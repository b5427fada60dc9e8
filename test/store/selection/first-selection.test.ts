// The selection pause (a burst of keys asks the server once) holds for moves; the first task a
// list answer selects has a pause of its own, which `--once` sets to 0 so that its one frame
// does not wait the pause out. Against the embedded server through the counting proxy.
import { afterEach, describe, expect, it } from 'vitest';
import {
  addLogLines,
  addScalars,
  countCalls,
  createTask,
  monitorFixture,
  type MonitorFixture,
} from '../../helpers/store-fixture.js';
import { waitFor } from '../../helpers/timers.js';

/** Far longer than any wait below: a fetch that waited for it would never come. */
const PAUSE_MS = 60_000;
const SCALARS = 'events.get_scalar_metrics_and_variants';
const LIST = 'reports.get_task_data';

let fx: MonitorFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

describe('the selection pause', () => {
  it('can be skipped for the first selected task and is kept for a move', async () => {
    fx = await monitorFixture({ selectionDebounceMs: PAUSE_MS, firstSelectionPauseMs: 0 });
    const older = await createTask(fx.writer, 'sel-older');
    await addScalars(fx.writer, older, 'loss', 'train', [2, 1]);
    const newer = await createTask(fx.writer, 'sel-newer');
    await addScalars(fx.writer, newer, 'loss', 'train', [3, 2]);
    await addLogLines(fx.writer, newer, 1, 3, (i) => `line ${i}`);
    const { actions } = fx.store.getState();
    actions.setPaneRows('logs', 10);
    actions.start();
    await fx.until(
      (s) => s.scalars.taskId === newer && s.scalars.fetchedAt !== null && s.logs.fetchedAt !== null,
      'the scalars and log of the first task, long before the pause runs out',
    );
    expect(fx.state().scalars.rows.map((r) => r.last)).toEqual([2]);

    fx.proxy.reset();
    actions.moveSelection(1);
    expect(fx.state().tasks.selectedId).toBe(older);
    // The move's fetch waits for the pause: pending, and nothing asked for the new task yet.
    expect(fx.timers.dueWithin(PAUSE_MS)).toBeGreaterThan(0);
    // Two list polls later (a fetch without the pause would have gone out by then):
    await waitFor(() => countCalls(fx!.proxy, LIST) >= 2, 5000, 'two polls');
    expect(fx.state().scalars).toMatchObject({ taskId: older, fetchedAt: null });
    expect(fx.proxy.calls.filter((c) => c.endpoint === SCALARS)).toEqual([]);
  });
});
