import { afterEach, describe, expect, it } from 'vitest';
import { basicAuth, send } from '../../helpers/http.js';
import {
  addScalars,
  countCalls,
  createTask,
  monitorFixture,
  type MonitorFixture,
} from '../../helpers/store-fixture.js';
import { selectedRunInfoValue } from '../../../src/store/run-info/run-info.js';
import type { TestServer } from '../../helpers/server.js';

let fx: MonitorFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

/** The SDK's calls the api client does not make (it only reads): sent as the SDK sends them. */
async function sdkCall(server: TestServer, endpoint: string, body: unknown): Promise<void> {
  const login = await send(server.url, '/auth.login', {}, { auth: basicAuth(server.accessKey, server.secretKey) });
  const reply = await send(server.url, `/${endpoint}`, body, { auth: `Bearer ${login.data.token as string}` });
  if (reply.status !== 200) throw new Error(`${endpoint}: ${reply.status} ${reply.msg}`);
}

describe('monitor store: run info', () => {
  it('shows the failure reason, hyperparameters and configuration of the selected task', async () => {
    fx = await monitorFixture();
    const task = await createTask(fx.writer, 'oom-run');
    await sdkCall(fx.server, 'tasks.edit_hyper_params', {
      task,
      hyperparams: [
        { section: 'Args', name: 'lr', value: '0.001', type: 'float' },
        { section: 'Args', name: 'batch', value: '64', type: 'int' },
      ],
      force: true,
    });
    await sdkCall(fx.server, 'tasks.edit_configuration', {
      task,
      configuration: [{ name: 'model', value: 'layers: 4\nwidth: 512', type: 'yaml' }],
      force: true,
    });
    await fx.writer.tasks.failed({ task, status_reason: 'CUDA OOM', status_message: 'killed at step 12' });
    const { actions } = fx.store.getState();
    actions.start();
    await fx.until((s) => s.tasks.selectedId === task, 'task selected');
    expect(countCalls(fx.proxy, 'tasks.get_all_ex')).toBe(0);

    actions.focusPane('runinfo');
    await fx.until((s) => s.runinfo.info !== null, 'run info');
    const info = fx.state().runinfo.info!;
    expect(info.status).toBe('failed');
    expect(info.statusReason).toBe('CUDA OOM');
    expect(info.statusMessage).toBe('killed at step 12');
    expect(info.hyperparams.map((p) => [p.section, p.name, p.value])).toEqual([
      ['Args', 'batch', '64'],
      ['Args', 'lr', '0.001'],
    ]);
    expect(info.configuration).toEqual([{ name: 'model', value: 'layers: 4\nwidth: 512', type: 'yaml' }]);

    // `/` search moves the cursor to the matching line; its whole value is what Enter opens.
    actions.searchRunInfo('layers');
    const value = selectedRunInfoValue(fx.state(), Date.now());
    expect(value).toEqual({ title: 'model', text: 'layers: 4\nwidth: 512' });
    expect(fx.state().runinfo.search?.matches.length).toBe(1);
  });

  it("lists the run's artifacts and models with size, uri and stage", async () => {
    fx = await monitorFixture();
    const task = await createTask(fx.writer, 'checkpointed');
    await sdkCall(fx.server, 'tasks.add_or_update_artifacts', {
      task,
      artifacts: [{ key: 'losses', type: 'pandas', uri: 'http://files/losses.csv.gz', content_size: 1536 }],
    });
    const { id: model } = await fx.writer.models.create({ name: 'lenet', uri: 'file:///ck.pt', ready: false });
    await sdkCall(fx.server, 'tasks.add_or_update_model', { task, name: 'checkpoint', model, type: 'output' });
    const { actions } = fx.store.getState();
    actions.start();
    actions.focusPane('runinfo');
    await fx.until((s) => s.runinfo.info?.id === task && s.runinfo.info.models.length > 0, 'run info');
    const info = fx.state().runinfo.info!;
    expect(info.artifacts).toEqual([
      { key: 'losses', mode: 'output', type: 'pandas', size: 1536, uri: 'http://files/losses.csv.gz' },
    ]);
    expect(info.models).toEqual([
      { name: 'checkpoint', id: model, stage: 'output', modelName: 'lenet', uri: 'file:///ck.pt', ready: false },
    ]);
  });

  it('fetches again only when the task moved', async () => {
    fx = await monitorFixture();
    const task = await createTask(fx.writer, 'live');
    const { actions } = fx.store.getState();
    actions.start();
    actions.focusPane('runinfo');
    await fx.until((s) => s.runinfo.info?.id === task, 'run info');
    const f = fx;
    const listPolls = countCalls(f.proxy, 'reports.get_task_data');
    await f.until(() => countCalls(f.proxy, 'reports.get_task_data') >= listPolls + 3, 'three more list polls');
    // The run info's request (it asks for status_reason); the scalars pane asks tasks.get_all_ex
    // for last_metrics on its own.
    expect(countCalls(f.proxy, 'tasks.get_all_ex', '"status_reason"')).toBe(1);

    await addScalars(f.writer, task, 'loss', 'train', [1, 2], 0);
    await f.until(
      () => countCalls(f.proxy, 'tasks.get_all_ex', '"status_reason"') === 2,
      'refetch after the task moved',
    );
    await f.until((s) => s.runinfo.info?.lastIteration === 1, 'new last iteration');
  });

  it('with two runs marked, shows their hyperparameters side by side, differing ones first', async () => {
    fx = await monitorFixture();
    const a = await createTask(fx.writer, 'lr-high');
    const b = await createTask(fx.writer, 'lr-low');
    for (const [task, lr] of [
      [a, '0.1'],
      [b, '0.01'],
    ] as const)
      await sdkCall(fx.server, 'tasks.edit_hyper_params', {
        task,
        hyperparams: [
          { section: 'Args', name: 'lr', value: lr },
          { section: 'Args', name: 'batch', value: '64' },
        ],
        force: true,
      });
    const { actions } = fx.store.getState();
    actions.start();
    await fx.until((s) => s.tasks.ids.length === 2, 'two tasks');
    actions.focusPane('runinfo');
    await fx.until((s) => s.runinfo.info !== null, 'run info');
    actions.focusPane('tasks');
    actions.toggleTaskMark();
    actions.moveSelection(1);
    actions.toggleTaskMark();
    actions.focusPane('runinfo');
    await fx.until((s) => s.runinfo.compare !== null, 'compared parameters');
    const compare = fx.state().runinfo.compare!;
    const order = fx.state().tasks.marked;
    expect(compare.runs.map((r) => r.id)).toEqual(order);
    expect(compare.rows.map((r) => [r.key, r.differs])).toEqual([
      ['Args/lr', true],
      ['Args/batch', false],
    ]);
    const requests = fx.proxy.calls
      .filter((c) => c.endpoint === 'tasks.get_all_ex')
      .map((c) => JSON.parse(c.body) as { id: string[]; only_fields: string[] })
      .filter((r) => r.only_fields.includes('hyperparams') && r.id.length === 2);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ id: order, only_fields: ['name', 'hyperparams'] });
    // Enter reads a row whole: each run's value.
    expect(selectedRunInfoValue(fx.state(), Date.now())?.text).toMatch(
      /^lr-(high|low): 0\.0?1\nlr-(high|low): 0\.0?1$/,
    );
    actions.moveSelection(1);
    expect(selectedRunInfoValue(fx.state(), Date.now())).toEqual({
      title: '1 equal parameter folded (Enter shows them)',
      text: 'Args/batch = 64',
    });
  });
});
