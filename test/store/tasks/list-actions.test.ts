// Sort, failures seen while watching, and jump-to-id, through the store against the embedded
// server (real HTTP, real SQLite).
import { afterEach, describe, expect, it } from 'vitest';
import {
  countCalls,
  createTask,
  lastListRequest,
  monitorFixture,
  type MonitorFixture,
} from '../../helpers/store-fixture.js';
import { matchTaskIds } from '../../../src/store/tasks/list-actions.js';
import { waitFor } from '../../helpers/timers.js';

let fx: MonitorFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

const LIST = 'reports.get_task_data';

describe('task list sort', () => {
  it('o sorts by name on the server (past the loaded page) and O reverses it', async () => {
    fx = await monitorFixture({ pageSize: 3 });
    for (const name of ['delta', 'alpha', 'echo', 'charlie', 'bravo']) await createTask(fx.writer, name);
    const { actions } = fx.store.getState();
    actions.start();
    // The list may load more pages on its own (the pane is taller than a page), so each wait
    // accepts any number of loaded rows from 3 up, in exactly the expected order.
    await fx.until((s) => s.tasks.ids.length >= 3, 'first page');
    actions.cycleTaskSort();
    expect(fx.state().tasks.sort).toEqual({ field: 'name', descending: false });
    const names = (): string[] => fx!.state().tasks.ids.map((id) => fx!.state().tasks.byId[id]?.name ?? '');
    const inOrder = (all: string): boolean => names().length >= 3 && `${all},`.startsWith(`${names().join()},`);
    await fx.until(() => inOrder('alpha,bravo,charlie,delta,echo'), 'name order');
    expect(lastListRequest(fx).order_by).toEqual(['name', '-last_update']);
    actions.reverseTaskSort();
    await fx.until(() => inOrder('echo,delta,charlie,bravo,alpha'), 'reversed name order');
    expect(lastListRequest(fx).order_by).toEqual(['-name', '-last_update']);
    expect(fx.state().status?.text).toBe('sorted by name, descending');
  });

  it('cycles through every sort field back to the newest update first', async () => {
    fx = await monitorFixture();
    const { actions } = fx.store.getState();
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      actions.cycleTaskSort();
      const sort = fx.state().tasks.sort;
      seen.push(`${sort.descending ? '-' : ''}${sort.field}`);
    }
    expect(seen).toEqual(['name', 'status', '-started', '-last_iteration', '-last_update']);
  });
});

describe('failures seen while watching', () => {
  it('a task that turns failed is counted, named with its reason, and rings once; F goes to it', async () => {
    fx = await monitorFixture();
    const already = await createTask(fx.writer, 'failed-before');
    await fx.writer.tasks.failed({ task: already, status_reason: 'old failure', force: true });
    const running = await createTask(fx.writer, 'will-fail-seed7');
    const other = await createTask(fx.writer, 'keeps-running');
    const { actions } = fx.store.getState();
    actions.start();
    await fx.until((s) => s.tasks.ids.length === 3, 'three tasks');
    // Tasks already failed when first seen are not news.
    await waitFor(() => countCalls(fx!.proxy, LIST) >= 2, 5000, 'a second poll');
    expect(fx.state().tasks.newFailures).toEqual([]);
    expect(fx.state().tasks.bells).toBe(0);
    const fetched = lastListRequest(fx).only_fields as string[];
    expect(fetched).toEqual(expect.arrayContaining(['status_reason', 'status_message']));

    actions.moveSelection(1);
    await fx.writer.tasks.failed({
      task: running,
      status_reason: 'CUDA out of memory',
      status_message: 'worker gpu-3',
      force: true,
    });
    await fx.until((s) => s.tasks.newFailures.length === 1, 'the failure noticed');
    const s = fx.state();
    expect(s.tasks.newFailures).toEqual([running]);
    expect(s.tasks.bells).toBe(1);
    expect(s.status).toMatchObject({ level: 'error' });
    expect(s.status?.text).toContain('will-fail-seed7 failed');
    expect(s.status?.text).toContain('CUDA out of memory: worker gpu-3');
    // Later polls do not ring again for the same task.
    const polls = countCalls(fx.proxy, LIST);
    await waitFor(() => countCalls(fx!.proxy, LIST) >= polls + 2, 5000, 'two more polls');
    expect(fx.state().tasks.bells).toBe(1);

    actions.focusPane('logs');
    actions.lookAtFailures();
    expect(fx.state().tasks.selectedId).toBe(running);
    expect(fx.state().tasks.newFailures).toEqual([]);
    expect(fx.state().ui.focus.tasks).toBe('tasks');
    expect(other).not.toBe(running);
  });

  it('a stopped task counts too', async () => {
    fx = await monitorFixture();
    const task = await createTask(fx.writer, 'to-stop');
    fx.store.getState().actions.start();
    await fx.until((s) => s.tasks.ids.length === 1, 'one task');
    await fx.writer.tasks.stopped({ task, status_reason: 'stopped by user', force: true });
    await fx.until((s) => s.tasks.newFailures.length === 1, 'the stop noticed');
    expect(fx.state().status?.text).toContain('to-stop stopped');
  });
});

describe('jump to a task by id', () => {
  it('matches an exact id first, else ids starting with the text (case-insensitive)', () => {
    const ids = ['abc123', 'abc456', 'abd000', 'ABC'];
    expect(matchTaskIds(ids, 'abc')).toEqual(['ABC']);
    expect(matchTaskIds(ids, 'abc4')).toEqual(['abc456']);
    expect(matchTaskIds(ids, 'ab')).toEqual(['abc123', 'abc456', 'abd000', 'ABC']);
    expect(matchTaskIds(ids, '  ')).toEqual([]);
  });

  it('selects the task, or says none or how many match', async () => {
    fx = await monitorFixture();
    // Ids are random hex: within 17 tasks two share their first character (an ambiguous prefix).
    const ids: string[] = [];
    while (!ids.some((id, i) => ids.slice(i + 1).some((other) => other[0] === id[0]))) {
      ids.push(await createTask(fx.writer, `task-${ids.length}`));
    }
    const first = ids.find((id, i) => ids.slice(i + 1).some((other) => other[0] === id[0])) as string;
    const sharing = ids.filter((id) => id[0] === first[0]).length;
    const { actions } = fx.store.getState();
    actions.start();
    await fx.until((s) => s.tasks.ids.length === ids.length, 'every task');
    actions.openJumpPrompt();
    expect(fx.state().ui.prompt).toMatchObject({ kind: 'jump', text: '' });
    actions.setPromptText(first.slice(0, 10));
    actions.submitPrompt();
    expect(fx.state().tasks.selectedId).toBe(first);
    actions.jumpToTask('zzz-no-such');
    await fx.until((s) => s.status?.level === 'error', 'the answer of the server');
    expect(fx.state().status?.text).toBe('no task id starts with "zzz-no-such", listed or on the server');
    actions.jumpToTask(first.slice(0, 1));
    expect(fx.state().status?.text).toBe(
      `${sharing} tasks have ids starting with "${first.slice(0, 1)}": type more of the id`,
    );
    expect(fx.state().tasks.selectedId).toBe(first);
  });

  it('asks the server for an id not listed, lifts the filters that hide it and selects it', async () => {
    fx = await monitorFixture();
    await createTask(fx.writer, 'visible');
    const hidden = await createTask(fx.writer, 'shelved', { system_tags: ['archived'] });
    const { actions } = fx.store.getState();
    actions.start();
    await fx.until((s) => s.tasks.ids.length === 1 && !s.tasks.loading, 'the listed task');
    actions.setStatusFilter('tasks', ['completed']);
    await fx.until((s) => s.tasks.ids.length === 0 && !s.tasks.loading, 'no task listed');
    fx.proxy.reset();
    actions.jumpToTask(hidden.slice(0, 12));
    await fx.until((s) => s.status?.text.startsWith('"shelved"') === true, 'the jump done');
    expect(fx.state().tasks.selectedId).toBe(hidden);
    // One lookup by id prefix (the selected task's detail asks tasks.get_all_ex for other fields).
    expect(countCalls(fx.proxy, 'tasks.get_all_ex', '"system_tags"')).toBe(1);
    expect(fx.state().ui.showArchived.tasks).toBe(true);
    expect(fx.state().tasks.statusFilter).toEqual([]);
    expect(fx.state().status?.text).toBe('"shelved": cleared the status filter and archived tasks hidden to show it');
  });
});
