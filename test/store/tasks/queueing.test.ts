// Running tasks on workers from the task list, against the embedded server through the real
// client: `C` clones under the offered or a typed name and selects the clone, `Q` queues the
// targets in the queue picked (each shown with its length), `D` dequeues, and `e` reruns with
// edited hyperparameters as ONE clone that the queue picker then runs; a failed editor, an
// unchanged or emptied file or a bad line creates nothing.
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../src/api/index.js';
import type { RerunSource } from '../../../src/store/types.js';
import { basicAuth, send } from '../../helpers/http.js';
import {
  countCalls,
  createTask,
  monitorFixture,
  requestBodies,
  type MonitorFixture,
} from '../../helpers/store-fixture.js';

let fx: MonitorFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

async function draft(writer: ApiClient, name: string): Promise<string> {
  return (await writer.tasks.create({ name, type: 'training' })).id;
}

async function serverTask(f: MonitorFixture, id: string) {
  const only = ['name', 'status', 'hyperparams', 'execution.queue'];
  return (await f.writer.tasks.getAllEx({ id: [id], only_fields: only })).tasks[0];
}

/** A hyperparameter's value in a tasks.get_all_ex row. */
function param(task: Record<string, unknown> | undefined, name: string): string | undefined {
  return (task?.hyperparams as Record<string, Record<string, { value?: string }>> | undefined)?.General?.[name]?.value;
}

async function taskCount(f: MonitorFixture): Promise<number> {
  return (await f.writer.tasks.getAllEx({ only_fields: ['id'] })).tasks.length;
}

/** Makes a queue (an SDK call the monitor does not make); its id. */
async function makeQueue(f: MonitorFixture, name: string): Promise<string> {
  const login = await send(
    f.server.url,
    '/auth.login',
    {},
    { auth: basicAuth(f.server.accessKey, f.server.secretKey) },
  );
  const made = await send(f.server.url, '/queues.create', { name }, { auth: `Bearer ${login.data.token as string}` });
  return made.data.id as string;
}

async function queueEntries(f: MonitorFixture, queue: string): Promise<string[]> {
  const answer = await f.client.queues.getAll({ id: [queue] });
  return (answer.queues[0]?.entries ?? []).map((e) => e.task);
}

async function open(f: MonitorFixture, count: number) {
  const { actions } = f.store.getState();
  actions.start();
  await f.until((s) => s.tasks.ids.length === count && !s.tasks.loading, `${count} tasks`);
  return actions;
}

function select(f: MonitorFixture, id: string): void {
  const s = f.state();
  s.actions.moveSelection(s.tasks.ids.indexOf(id) - s.tasks.selectedIndex);
  expect(f.state().tasks.selectedId).toBe(id);
}

async function queuePicker(f: MonitorFixture) {
  await f.until((s) => s.dialog?.kind === 'pick' && !s.dialog.loading, 'the queues');
  const dialog = f.state().dialog;
  if (dialog?.kind !== 'pick') throw new Error('no picker');
  return dialog;
}

describe('monitor store: clone, enqueue, dequeue', () => {
  it('clones under the offered name on Enter alone, or a typed one, and selects the clone', async () => {
    fx = await monitorFixture();
    const source = await createTask(fx.writer, 'train');
    const actions = await open(fx, 1);
    actions.requestClone();
    expect(fx.state().dialog).toMatchObject({ kind: 'input', action: 'clone', value: '', offer: 'train (clone)' });
    await actions.submitDialog();
    expect(requestBodies(fx, 'tasks.clone')).toEqual([{ task: source, new_task_name: 'train (clone)' }]);
    const first = fx.state().tasks.selectedId as string;
    expect(first).not.toBe(source);
    expect(fx.state().tasks.byId[first]).toMatchObject({ name: 'train (clone)', status: 'created' });
    expect(fx.state().status?.text).toBe('cloned "train" as "train (clone)"');

    // A typed name, while the status filter hides drafts: the filter is lifted to show the clone.
    select(fx, source);
    fx.state().actions.setStatusFilter('tasks', ['in_progress']);
    await fx.until((s) => s.tasks.ids.length === 1 && !s.tasks.loading, 'running tasks only');
    actions.requestClone();
    actions.setDialogValue('lr sweep');
    await actions.submitDialog();
    const second = fx.state().tasks.selectedId as string;
    expect(fx.state().tasks.byId[second]?.name).toBe('lr sweep');
    expect((await serverTask(fx, second))?.name).toBe('lr sweep');
    expect(fx.state().tasks.statusFilter).toEqual([]);
    expect(fx.state().status?.text).toBe('cloned "train" as "lr sweep" (cleared the status filter to show it)');
  });

  it('queues the marked tasks in the picked queue, the picker showing each queue length', async () => {
    fx = await monitorFixture();
    const gpu = await makeQueue(fx, 'gpu');
    await makeQueue(fx, 'cpu');
    const waiting = await draft(fx.writer, 'waiting');
    await fx.writer.tasks.enqueue({ task: waiting, queue: gpu });
    const a = await draft(fx.writer, 'a');
    const b = await draft(fx.writer, 'b');
    const running = await createTask(fx.writer, 'running');
    const actions = await open(fx, 4);
    select(fx, running);
    actions.requestEnqueue();
    expect(fx.state().dialog).toBeNull();
    expect(fx.state().status?.text).toBe(
      'only a draft, stopped or failed task can be queued: "running" is in_progress',
    );

    for (const id of [a, b, running]) {
      select(fx, id);
      actions.toggleTaskMark();
    }
    actions.requestEnqueue();
    const picker = await queuePicker(fx);
    expect(picker.title).toBe('Enqueue 2 tasks (1 other is running or done and stay as they are): pick a queue');
    expect(picker.options.map((o) => [o.label, o.detail])).toEqual([
      ['cpu', 'empty'],
      ['gpu', '1 waiting'],
    ]);
    actions.setDialogValue('gp');
    await actions.submitDialog();
    // In the list's order (newest first).
    expect(requestBodies(fx, 'tasks.enqueue')).toEqual([
      { task: b, queue: gpu },
      { task: a, queue: gpu },
    ]);
    expect(await queueEntries(fx, gpu)).toEqual([waiting, b, a]);
    expect((await serverTask(fx, a))?.status).toBe('queued');
    expect(fx.state().tasks.byId[b]?.status).toBe('queued');
    expect(fx.state().status?.text).toBe('queued 2 tasks in "gpu"');
    expect(fx.state().tasks.marked).toEqual([running]);
  });

  it('dequeues a queued task back to its status, and says a task that is not queued is not', async () => {
    fx = await monitorFixture();
    const gpu = await makeQueue(fx, 'gpu');
    const id = await draft(fx.writer, 'in line');
    await fx.writer.tasks.enqueue({ task: id, queue: gpu });
    const actions = await open(fx, 1);
    expect(fx.state().tasks.byId[id]?.status).toBe('queued');
    await actions.dequeueTasks();
    expect(requestBodies(fx, 'tasks.dequeue')).toEqual([{ task: id }]);
    expect((await serverTask(fx, id))?.status).toBe('created');
    expect(await queueEntries(fx, gpu)).toEqual([]);
    expect(fx.state().status?.text).toBe('dequeued "in line"');
    await fx.until((s) => s.tasks.byId[id]?.status === 'created', 'the list to show it back as a draft');
    await actions.dequeueTasks();
    expect(requestBodies(fx, 'tasks.dequeue')).toHaveLength(1);
    expect(fx.state().status?.text).toBe('only a queued task can be dequeued: "in line" is created');
  });

  it('changes nothing under --read-only', async () => {
    fx = await monitorFixture({ readOnly: true });
    await draft(fx.writer, 'kept');
    const actions = await open(fx, 1);
    actions.requestClone();
    actions.requestEnqueue();
    await actions.dequeueTasks();
    expect(await actions.beginRerun()).toBeNull();
    expect(fx.state().dialog).toBeNull();
    expect(fx.state().status?.text).toMatch(/^read-only mode/);
    expect(countCalls(fx.proxy, 'tasks.clone') + countCalls(fx.proxy, 'queues.get_all')).toBe(0);
  });
});

describe('monitor store: rerun with changes', () => {
  async function rerunFixture() {
    const f = await monitorFixture();
    const source = await draft(f.writer, 'job');
    await f.writer.tasks.editHyperParams({
      task: source,
      hyperparams: [
        { section: 'General', name: 'lr', value: '0.1', type: 'float', description: 'learning rate' },
        { section: 'General', name: 'steps', value: '3' },
      ],
    });
    await f.writer.tasks.started({ task: source });
    await f.writer.tasks.completed({ task: source });
    const queue = await makeQueue(f, 'default');
    const actions = await open(f, 1);
    return { f, source, queue, actions };
  }

  it('clones once with the edited parameters, selects the clone and queues it in the picked queue', async () => {
    const { f, source, queue, actions } = await rerunFixture();
    fx = f;
    const file = (await actions.beginRerun()) as RerunSource;
    expect(file.text).toContain('\nGeneral/lr = 0.1\nGeneral/steps = 3\n');
    const edited = file.text.replace('General/lr = 0.1', 'General/lr = 0.7');
    await actions.finishRerun(file, { text: edited, error: null });
    expect(requestBodies(f, 'tasks.clone')).toEqual([
      {
        task: source,
        new_task_name: 'job (clone)',
        new_task_hyperparams: {
          General: {
            lr: { section: 'General', name: 'lr', value: '0.7', type: 'float', description: 'learning rate' },
            steps: { section: 'General', name: 'steps', value: '3' },
          },
        },
      },
    ]);
    const clone = f.state().tasks.selectedId as string;
    expect(clone).not.toBe(source);
    expect(param(await serverTask(f, clone), 'lr')).toBe('0.7');
    expect(param(await serverTask(f, source), 'lr')).toBe('0.1');
    expect(f.state().status?.text).toBe('cloned "job" as "job (clone)" with General/lr = 0.7');
    const picker = await queuePicker(f);
    expect(picker).toMatchObject({ title: 'Run "job (clone)": pick a queue', ids: [clone] });
    await actions.submitDialog();
    expect(requestBodies(f, 'tasks.enqueue')).toEqual([{ task: clone, queue }]);
    expect((await serverTask(f, clone))?.status).toBe('queued');
    expect(f.state().status?.text).toBe('queued "job (clone)" in "default"');
  });

  it('creates nothing for a failed editor, an unchanged or emptied file or a bad line, saying which', async () => {
    const { f, actions } = await rerunFixture();
    fx = f;
    const file = (await actions.beginRerun()) as RerunSource;
    const before = await taskCount(f);
    const outcomes: [string | null, string | null, string][] = [
      [null, 'vi exited with 1; nothing saved', 'vi exited with 1; nothing saved: no task was created'],
      [file.text, null, 'the hyperparameters of "job" are unchanged: no task was created'],
      [
        `${file.text.replace('0.1', ' 0.1 ')}\n# a note\n`,
        null,
        'the hyperparameters of "job" are unchanged: no task was created',
      ],
      ['# all gone\n', null, 'the file holds no hyperparameters: no task was created (C clones unchanged)'],
      [
        file.text.replace('General/lr = 0.1', 'lr = 0.7'),
        null,
        'line 6 of the file: expected Section/name = value; no task was created',
      ],
    ];
    for (const [text, error, status] of outcomes) {
      await actions.finishRerun(file, { text, error });
      expect(f.state().status?.text).toBe(status);
    }
    expect(countCalls(f.proxy, 'tasks.clone')).toBe(0);
    expect(await taskCount(f)).toBe(before);
    expect(f.state().dialog).toBeNull();
  });
});
