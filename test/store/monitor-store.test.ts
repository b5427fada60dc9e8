import { afterEach, describe, expect, it } from 'vitest';
import { addScalars, countCalls, createTask, monitorFixture, type MonitorFixture } from '../helpers/store-fixture.js';
import { waitFor } from '../helpers/timers.js';

let fx: MonitorFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

const LIST = 'reports.get_task_data';

describe('monitor store: task list and selected task', () => {
  it('first load lists the tasks newest first and selects the first one', async () => {
    fx = await monitorFixture();
    const older = await createTask(fx.writer, 'alpha-older');
    const newer = await createTask(fx.writer, 'alpha-newer');
    await addScalars(fx.writer, newer, 'loss', 'train', [0.9, 0.5]);
    fx.store.getState().actions.start();
    await fx.until((s) => s.tasks.ids.length === 2, 'two tasks');
    const s = fx.state();
    expect(s.tasks.ids).toEqual([newer, older]);
    expect(s.tasks.selectedId).toBe(newer);
    expect(s.tasks.byId[newer]).toMatchObject({ name: 'alpha-newer', status: 'in_progress', lastIteration: 1 });
    expect(s.connection.state).toBe('live');
    const listRequest = JSON.parse(fx.proxy.calls.find((c) => c.endpoint === LIST)?.body ?? '{}') as Record<
      string,
      unknown
    >;
    expect(listRequest).toMatchObject({ order_by: ['-last_update'], search_hidden: false, system_tags: ['-archived'] });
    expect(listRequest.only_fields).toEqual(
      expect.arrayContaining(['name', 'status', 'project.name', 'last_update', 'last_iteration']),
    );
  });

  it("fetches the selected task's scalar rows and histogram series", async () => {
    fx = await monitorFixture();
    const task = await createTask(fx.writer, 'scalars');
    await addScalars(fx.writer, task, 'loss', 'train', [3, 2, 1]);
    await addScalars(fx.writer, task, 'loss', 'val', [4, 3, 2]);
    fx.store.getState().actions.start();
    await fx.until((s) => s.scalars.rows.length === 2, 'scalar rows');
    const s = fx.state();
    expect(s.scalars.taskId).toBe(task);
    expect(s.scalars.rows.map((r) => [r.metric, r.variant, r.last])).toEqual([
      ['loss', 'train', 1],
      ['loss', 'val', 2],
    ]);
    expect(s.scalars.series.loss?.train).toEqual({
      x: [0, 1, 2],
      y: [3, 2, 1],
      // Every point came back: nothing to put back from last_metrics.
      means: false,
      summary: { points: 3, min: 1, minIter: 2, max: 3, maxIter: 0 },
    });
    expect(s.scalars.chartMetric).toBe('loss');
    const histogram = JSON.parse(
      fx.proxy.calls.find((c) => c.endpoint === 'events.scalar_metrics_iter_histogram')?.body ?? '{}',
    );
    expect(histogram).toMatchObject({ task, key: 'iter', samples: s.scalars.samples });
  });

  it('a poll with no change sends only the list request', async () => {
    fx = await monitorFixture();
    const task = await createTask(fx.writer, 'quiet');
    await addScalars(fx.writer, task, 'loss', 'train', [1, 2]);
    const { actions } = fx.store.getState();
    // Every detail pane shown: logs, plots and summary fetch too.
    actions.setPaneRows('logs', 10);
    actions.setPaneRows('plots', 10);
    actions.setPaneRows('summary', 5);
    actions.start();
    await fx.until(
      (s) => s.scalars.fetchedAt !== null && s.logs.fetchedAt !== null && s.artifacts.fetchedAt !== null,
      'every pane loaded',
    );
    const proxy = fx.proxy;
    await waitFor(() => proxy.endpoints().includes('events.get_task_single_value_metrics'), 5000, 'artifacts fetched');
    proxy.reset();
    await waitFor(() => countCalls(proxy, LIST) >= 3, 5000, 'three polls');
    expect(new Set(proxy.endpoints())).toEqual(new Set([LIST]));
  });

  it('a change in the selected task refetches its detail, and only then', async () => {
    fx = await monitorFixture();
    const task = await createTask(fx.writer, 'moving');
    await addScalars(fx.writer, task, 'loss', 'train', [5, 4]);
    fx.store.getState().actions.start();
    await fx.until((s) => s.scalars.rows[0]?.last === 4, 'first values');
    fx.proxy.reset();
    await addScalars(fx.writer, task, 'loss', 'train', [3], 2);
    await fx.until((s) => s.scalars.rows[0]?.last === 3, 'new value');
    expect(fx.state().scalars.series.loss?.train?.y).toEqual([5, 4, 3]);
    expect(countCalls(fx.proxy, 'events.get_scalar_metrics_and_variants')).toBe(1);
    expect(countCalls(fx.proxy, 'events.scalar_metrics_iter_histogram')).toBe(1);
  });

  it('keeps the selection on the same task when the list order changes', async () => {
    fx = await monitorFixture();
    const a = await createTask(fx.writer, 'task-a');
    const b = await createTask(fx.writer, 'task-b');
    const { actions } = fx.store.getState();
    actions.start();
    await fx.until((s) => s.tasks.ids.length === 2, 'list');
    expect(fx.state().tasks.ids).toEqual([b, a]);
    actions.moveSelection(1);
    expect(fx.state().tasks).toMatchObject({ selectedId: a, selectedIndex: 1 });
    await addScalars(fx.writer, a, 'm', 'v', [1]);
    await fx.until((s) => s.tasks.ids[0] === a, 'a moved to the top');
    expect(fx.state().tasks).toMatchObject({ selectedId: a, selectedIndex: 0 });
  });

  it('filters by a name regex and hides archived tasks unless asked', async () => {
    fx = await monitorFixture();
    await createTask(fx.writer, 'resnet-50');
    await createTask(fx.writer, 'bert-base');
    const archived = await createTask(fx.writer, 'resnet-old', { system_tags: ['archived'] });
    const { actions } = fx.store.getState();
    actions.start();
    await fx.until((s) => s.tasks.ids.length === 2, 'unarchived tasks');
    actions.setFilter('tasks', '^resnet');
    await fx.until((s) => s.tasks.ids.length === 1 && !s.tasks.loading, 'filtered');
    expect(fx.state().tasks.byId[fx.state().tasks.ids[0] ?? '']?.name).toBe('resnet-50');
    actions.toggleArchived();
    await fx.until((s) => s.tasks.ids.length === 2, 'archived shown');
    expect(fx.state().tasks.ids).toContain(archived);
    expect(fx.state().tasks.byId[archived]?.archived).toBe(true);
    actions.clearFilter('tasks');
    await fx.until((s) => s.tasks.ids.length === 3, 'filter cleared');
  });

  it('loads the next page when the selection nears the end of the loaded rows', async () => {
    fx = await monitorFixture({ pageSize: 10 });
    for (let i = 0; i < 25; i++) await createTask(fx.writer, `task-${String(i).padStart(2, '0')}`);
    const { actions } = fx.store.getState();
    actions.start();
    await fx.until((s) => s.tasks.ids.length === 10 && s.tasks.hasMore, 'first page');
    actions.moveSelection(7);
    await fx.until((s) => s.tasks.ids.length === 20, 'second page');
    actions.toBottom();
    await fx.until((s) => s.tasks.ids.length === 25 && !s.tasks.hasMore, 'all pages');
    expect(new Set(fx.state().tasks.ids).size).toBe(25);
    const pages = fx.proxy.calls.filter((c) => c.endpoint === LIST).map((c) => JSON.parse(c.body));
    expect(pages[0]).toMatchObject({ scroll_id: '', size: 10 });
    const cursor = pages.find((b) => b.scroll_id !== '')?.scroll_id;
    expect(cursor).toEqual(expect.any(String));
    // A poll after a change re-reads all loaded rows on the same cursor, opening no new one
    // (idle polls send only the one-row probes of list-probe.ts, which carry no scroll id).
    fx.proxy.reset();
    await addScalars(fx.writer, fx.state().tasks.ids[3] ?? '', 'm', 'v', [1]);
    await waitFor(() => countCalls(fx!.proxy, LIST) >= 2, 5000, 'polls');
    await fx.until((s) => s.tasks.byId[s.tasks.ids[0] ?? '']?.lastIteration === 0, 'the change read');
    const reads = fx.proxy.calls.filter((c) => c.endpoint === LIST && 'scroll_id' in JSON.parse(c.body));
    expect(reads.length).toBeGreaterThan(0);
    for (const call of reads) {
      expect(JSON.parse(call.body)).toMatchObject({ scroll_id: cursor, refresh_scroll: true, size: 10 });
    }
    expect(fx.state().tasks.ids).toHaveLength(25);
  });

  it('shows an unexpected answer as an error in its pane and keeps running', async () => {
    fx = await monitorFixture();
    const task = await createTask(fx.writer, 'odd');
    await addScalars(fx.writer, task, 'loss', 'train', [1]);
    // No real server sends these: the proxy replaces the answers' data with the wrong shape.
    const breakData = (data: unknown) => (body: string) => JSON.stringify({ ...JSON.parse(body), data });
    fx.proxy.rewrites.set('events.get_task_log', breakData({ events: 'not a list' }));
    const { actions } = fx.store.getState();
    actions.setPaneRows('logs', 10);
    actions.start();
    await fx.until((s) => s.logs.error !== null && s.scalars.rows.length === 1, 'logs error');
    expect(fx.state().logs.error).toMatchObject({
      endpoint: 'events.get_task_log',
      message: expect.stringMatching(/events/),
    });
    expect(fx.state().scalars.error).toBeNull();

    fx.proxy.rewrites.set('reports.get_task_data', breakData({ tasks: 5 }));
    await fx.until((s) => s.tasks.error !== null, 'list error');
    const s = fx.state();
    expect(s.tasks.error?.message).toMatch(/tasks/);
    expect(s.tasks.ids).toEqual([task]);
    // The shown list is not refreshing: the status says why instead of "live".
    expect(s.connection).toMatchObject({ state: 'malformed', malformedEndpoint: 'reports.get_task_data' });

    fx.proxy.rewrites.delete('reports.get_task_data');
    await fx.until((st) => st.tasks.error === null && st.connection.state === 'live', 'list recovers');
  });

  it('refetches the detail on refresh even when nothing moved', async () => {
    fx = await monitorFixture();
    const task = await createTask(fx.writer, 'refresh');
    await addScalars(fx.writer, task, 'loss', 'train', [1]);
    const { actions } = fx.store.getState();
    actions.start();
    await fx.until((s) => s.scalars.rows.length === 1, 'loaded');
    fx.proxy.reset();
    actions.refresh();
    await waitFor(
      () => countCalls(fx!.proxy, 'events.get_scalar_metrics_and_variants') === 1,
      5000,
      'detail refetched',
    );
  });
});
