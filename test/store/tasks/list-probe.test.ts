import { afterEach, describe, expect, it } from 'vitest';
import { addScalars, createTask, monitorFixture, type MonitorFixture } from '../../helpers/store-fixture.js';
import type { ProxyCall } from '../../helpers/proxy.js';
import { waitFor } from '../../helpers/timers.js';
import { FULL_READ_MS } from '../../../src/store/tasks/list-probe.js';

let fx: MonitorFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

const LIST = 'reports.get_task_data';
type Body = Record<string, unknown>;

const listCalls = (f: MonitorFixture): Body[] =>
  f.proxy.calls.filter((c: ProxyCall) => c.endpoint === LIST).map((c) => JSON.parse(c.body) as Body);
const isFullRead = (b: Body) => 'scroll_id' in b;
const isNewestProbe = (b: Body) => b.page_size === 1 && (b.only_fields as string[] | undefined)?.[0] === 'last_update';
const isTailProbe = (b: Body) => b.page_size === 1 && (b.only_fields as string[] | undefined)?.[0] === 'id';

async function loadedWith(names: string[], overrides = {}): Promise<{ f: MonitorFixture; ids: string[] }> {
  const f = await monitorFixture(overrides);
  const ids: string[] = [];
  for (const name of names) ids.push(await createTask(f.writer, name));
  f.store.getState().actions.start();
  await f.until((s) => s.tasks.ids.length === names.length, 'the list loaded');
  await waitFor(() => listCalls(f).filter(isNewestProbe).length >= 2, 5000, 'idle probes');
  return { f, ids };
}

/**
 * Makes a change on the server, then checks that the list shows it on the first tick that
 * starts after the change: at most one newest-task probe is sent before the list moves.
 */
async function showsWithinOneTick(f: MonitorFixture, change: () => unknown, shown: () => boolean): Promise<void> {
  await change();
  f.proxy.reset();
  await f.until(shown, 'the change shown');
  expect(listCalls(f).filter(isNewestProbe).length).toBeLessThanOrEqual(1);
  expect(listCalls(f).some(isFullRead)).toBe(true);
}

describe('task list probe: an idle poll sends two one-row requests, a change is read at once', () => {
  it('idle ticks send only the probes: the newest task and the row at the end of the loaded ones', async () => {
    ({ f: fx } = await loadedWith(['a', 'b', 'c']));
    fx.proxy.reset();
    await waitFor(() => listCalls(fx!).filter(isNewestProbe).length >= 3, 5000, 'three idle ticks');
    expect(new Set(fx.proxy.endpoints())).toEqual(new Set([LIST]));
    const calls = listCalls(fx);
    expect(calls.some(isFullRead)).toBe(false);
    for (const body of calls) {
      expect(body).toMatchObject({ page_size: 1, system_tags: ['-archived'] });
      expect(body).not.toHaveProperty('search_hidden');
    }
    const newest = calls.find(isNewestProbe);
    expect(newest).toMatchObject({ order_by: ['-last_update'], only_fields: ['last_update'], page: 0 });
    // The tail probe asks for the third row in the list's own order.
    expect(calls.find((b) => !isNewestProbe(b))).toMatchObject({ only_fields: ['id'], page: 2 });
    const bytes = fx.proxy.calls.reduce((n, c) => n + c.body.length, 0) / calls.length;
    expect(bytes).toBeLessThan(200);
  });

  it('an idle tick sends its two probes together, as the tick before found nothing changed', async () => {
    ({ f: fx } = await loadedWith(['a', 'b', 'c']));
    const f = fx;
    // Held answers keep both probes of one tick in flight if they were sent together.
    f.proxy.delays.set(LIST, 40);
    f.proxy.reset();
    await waitFor(() => listCalls(f).filter(isNewestProbe).length >= 3, 5000, 'three idle ticks');
    expect(listCalls(f).some(isFullRead)).toBe(false);
    expect(f.proxy.maxInFlight.get(LIST)).toBe(2);
  });

  it('a list that keeps changing asks for the tail only after a tick that found nothing changed', async () => {
    const loaded = await loadedWith(['busy', 'quiet']);
    fx = loaded.f;
    const f = fx;
    const busy = loaded.ids[0]!;
    let stop = false;
    const writing = (async () => {
      for (let i = 0; !stop; i++) {
        await addScalars(f.writer, busy, 'loss', 'train', [1 / (i + 1)], i);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    await f.until((s) => (s.tasks.byId[busy]?.lastIteration ?? -1) >= 0, 'the first change shown');
    f.proxy.reset();
    await waitFor(() => listCalls(f).filter(isNewestProbe).length >= 8, 8000, 'eight busy ticks');
    stop = true;
    await writing;
    const calls = listCalls(f);
    // Every tick of a changing list is read in full; a tail probe sent anyway would be wasted.
    expect(calls.filter(isFullRead).length).toBeGreaterThanOrEqual(6);
    expect(calls.filter(isTailProbe).length).toBeLessThanOrEqual(2);
  });

  it('a status change, a rename and new events each show on the next tick', async () => {
    const loaded = await loadedWith(['first', 'second', 'third']);
    fx = loaded.f;
    const [first, second] = loaded.ids as [string, string];
    const f = fx;
    await showsWithinOneTick(
      f,
      () => f.writer.tasks.stopped({ task: first }),
      () => f.state().tasks.byId[first]?.status === 'stopped' && f.state().tasks.ids[0] === first,
    );
    await showsWithinOneTick(
      f,
      () => addScalars(f.writer, second, 'loss', 'train', [1, 2, 3]),
      () => f.state().tasks.byId[second]?.lastIteration === 2,
    );
    // tasks.update stamps last_update as real servers do; our api client has no call for it.
    const db = f.server.server.db;
    await showsWithinOneTick(
      f,
      () => db.prepare('UPDATE tasks SET name = ?, last_update = ? WHERE id = ?').run('renamed', Date.now(), first),
      () => f.state().tasks.byId[first]?.name === 'renamed',
    );
  });

  it('a task deleted or archived without moving last_update (as real servers do) leaves on the next tick', async () => {
    const loaded = await loadedWith(['old', 'middle', 'new']);
    fx = loaded.f;
    const f = fx;
    const [old, middle] = loaded.ids as [string, string];
    const db = f.server.server.db;
    // Our server has no tasks.delete and moves last_update on every edit; real servers'
    // tasks.archive does not, so the rows are changed in SQLite directly.
    await showsWithinOneTick(
      f,
      () => db.prepare('DELETE FROM tasks WHERE id = ?').run(middle),
      () => !f.state().tasks.ids.includes(middle),
    );
    await showsWithinOneTick(
      f,
      () => db.prepare(`UPDATE tasks SET system_tags = '["archived"]' WHERE id = ?`).run(old),
      () => !f.state().tasks.ids.includes(old),
    );
    expect(f.state().tasks.ids).toHaveLength(1);
  });

  it('a new task shows on the next tick, and a filter change reads the list at once', async () => {
    ({ f: fx } = await loadedWith(['resnet-a', 'bert-b']));
    const f = fx;
    await showsWithinOneTick(
      f,
      () => createTask(f.writer, 'resnet-c'),
      () => f.state().tasks.ids.length === 3,
    );
    f.proxy.reset();
    f.store.getState().actions.setFilter('tasks', '^resnet');
    await f.until((s) => s.tasks.ids.length === 2 && !s.tasks.loading, 'filtered');
    // The first request is the read on a new cursor: nothing waits for a tick or a probe.
    expect(listCalls(f)[0]).toMatchObject({
      _any_: { pattern: '^resnet', fields: ['name', 'id'] },
      scroll_id: '',
      size: 50,
    });
  });

  it('refresh reads the loaded rows in full, and so does an idle list every few minutes', async () => {
    let clock = Date.now();
    ({ f: fx } = await loadedWith(['x', 'y'], { now: () => clock }));
    const f = fx;
    f.proxy.reset();
    f.store.getState().actions.refresh();
    await waitFor(() => listCalls(f).some(isFullRead), 5000, 'a full read after refresh');
    await waitFor(() => listCalls(f).filter(isNewestProbe).length >= 3, 5000, 'idle again');
    f.proxy.reset();
    await waitFor(() => listCalls(f).filter(isNewestProbe).length >= 2, 5000, 'idle ticks');
    expect(listCalls(f).some(isFullRead)).toBe(false);
    // Past the server's cursor lifetime the list would start over: it is read before that.
    clock += FULL_READ_MS;
    await waitFor(() => listCalls(f).some(isFullRead), 5000, 'a full read after FULL_READ_MS');
    const read = listCalls(f).find(isFullRead);
    expect(read).toMatchObject({ refresh_scroll: true, scroll_id: expect.stringMatching(/^[0-9a-f]{32}$/) });
  });
});
