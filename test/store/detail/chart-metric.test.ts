// The chart's metric across tasks: kept when the next task has it, else the first it draws.
import { afterEach, describe, expect, it } from 'vitest';
import { addScalars, createTask, monitorFixture, type MonitorFixture } from '../../helpers/store-fixture.js';

let fx: MonitorFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

describe('chart metric across tasks', () => {
  it('keeps the chosen metric when the next task has it, and falls back when it has not', async () => {
    fx = await monitorFixture();
    const without = await createTask(fx.writer, 'c-without-acc');
    await addScalars(fx.writer, without, 'loss', 'train', [3, 2, 1]);
    const second = await createTask(fx.writer, 'b-second');
    await addScalars(fx.writer, second, 'loss', 'train', [3, 2, 1]);
    await addScalars(fx.writer, second, 'zacc', 'val', [0.5, 0.6]);
    const first = await createTask(fx.writer, 'a-first');
    await addScalars(fx.writer, first, 'loss', 'train', [3, 2, 1]);
    await addScalars(fx.writer, first, 'zacc', 'val', [0.5, 0.7]);
    const { actions } = fx.store.getState();
    actions.start();
    await fx.until((s) => s.tasks.ids.length === 3, 'three tasks');
    const selectTask = async (id: string) => {
      const s = fx!.state();
      actions.moveSelection(s.tasks.ids.indexOf(id) - s.tasks.selectedIndex);
      await fx!.until((st) => st.scalars.taskId === id && st.scalars.rows.length > 0 && !st.scalars.loading, id);
    };
    await selectTask(first);
    expect(fx.state().scalars.chartMetric).toBe('loss');
    actions.focusPane('scalars');
    const zacc = fx.state().scalars.rows.findIndex((r) => r.metric === 'zacc');
    actions.moveSelection(zacc - fx.state().scalars.selectedIndex);
    actions.openSelected();
    expect(fx.state().scalars.chartMetric).toBe('zacc');
    actions.focusPane('tasks');
    await selectTask(second);
    expect(fx.state().scalars.chartMetric).toBe('zacc');
    await selectTask(without);
    expect(fx.state().scalars.chartMetric).toBe('loss');
  });
});
