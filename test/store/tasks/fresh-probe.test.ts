// The selected running task's probe: with a list poll far slower than a second, what the task
// reports reaches its scalars and log from the probe alone, and an unchanging or finished task
// is not probed. Real embedded server; the store's clock is moved forward for the quiet period.
import { afterEach, describe, expect, it } from 'vitest';
import { FRESH_QUIET_MS } from '../../../src/store/tasks/fresh-probe.js';
import {
  addLogLines,
  addScalars,
  createTask,
  monitorFixture,
  openLogsPane,
  type MonitorFixture,
} from '../../helpers/store-fixture.js';

let fx: MonitorFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

/** The probes the proxy saw: tasks.get_all_ex asking for last_update and last_iteration only. */
function probes(f: MonitorFixture): number {
  return f.proxy.calls.filter((c) => {
    if (c.endpoint !== 'tasks.get_all_ex') return false;
    const body = JSON.parse(c.body) as { only_fields?: string[] };
    return body.only_fields?.join(',') === 'last_update,last_iteration';
  }).length;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('monitor store: the selected running task follows within a second', () => {
  it('shows new scalars and log lines long before the next list poll', async () => {
    fx = await monitorFixture({ intervalMs: 600_000 });
    const task = await createTask(fx.writer, 'fresh');
    await addScalars(fx.writer, task, 'loss', 'train', [3, 2, 1]);
    await addLogLines(fx.writer, task, 1, 3, (i) => `line ${i}`);
    await openLogsPane(fx, { intervalMs: 600_000 });
    await fx.until((s) => s.scalars.rows.length > 0, 'scalars');
    const listReads = fx.proxy.endpoints().filter((e) => e === 'reports.get_task_data').length;

    await addScalars(fx.writer, task, 'loss', 'train', [0.5], 3);
    await addLogLines(fx.writer, task, 4, 4, (i) => `line ${i} reported now`);
    await fx.until(
      (s) =>
        s.scalars.rows.some((r) => r.last === 0.5) && s.logs.lines.some((l) => l.text.includes('line 4 reported now')),
      'the new scalar and log line',
    );
    expect(fx.state().tasks.byId[task]?.lastIteration).toBe(3);
    // No list poll brought them (the next one is minutes away).
    expect(fx.proxy.endpoints().filter((e) => e === 'reports.get_task_data').length).toBe(listReads);
    expect(probes(fx)).toBeGreaterThan(0);
  });

  it('stops probing a task that has not changed for a while, and never probes a finished one', async () => {
    let offset = 0;
    fx = await monitorFixture({ intervalMs: 600_000, now: () => Date.now() + offset });
    const task = await createTask(fx.writer, 'quiet');
    await addScalars(fx.writer, task, 'loss', 'train', [3, 2, 1]);
    await addLogLines(fx.writer, task, 1, 3, (i) => `line ${i}`);
    await openLogsPane(fx, { intervalMs: 600_000, now: () => Date.now() + offset });
    await fx.until(() => probes(fx as MonitorFixture) > 0, 'a first probe');

    offset += FRESH_QUIET_MS + 1000;
    await sleep(1500);
    const quiet = probes(fx);
    await sleep(2500);
    expect(probes(fx)).toBe(quiet);

    await fx.writer.tasks.completed({ task });
    fx.proxy.reset();
    fx.store.getState().actions.refresh();
    await fx.until((s) => s.tasks.byId[task]?.status === 'completed', 'the completed status');
    await sleep(2500);
    expect(probes(fx)).toBe(0);
  });
});
