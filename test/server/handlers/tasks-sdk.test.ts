// The tasks/projects calls of the ClearML SDK's common path, over real HTTP with the SDK's
// request and response shapes (clearml/backend_api/services/v2_23).
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpCore, startApi, type Api } from '../../helpers/http.js';

let api: Api;
let project: string;
beforeAll(async () => {
  api = await startApi();
  project = (await api.ok('projects.create', { name: 'SDK/Proj' })).id;
});
afterAll(() => api.close());

async function newTask(name = 'run'): Promise<string> {
  return (await api.ok('tasks.create', { name, type: 'training', project })).id as string;
}

/** GET with a JSON body, as the SDK sends every call (fetch() cannot send a GET body). */
function getWithBody(
  path: string,
  body: unknown,
): Promise<{ status: number; json: { meta: { endpoint: { name: string } }; data: { task: { id: string } } } }> {
  return new Promise((resolve, reject) => {
    const url = new URL(api.server.url);
    const text = JSON.stringify(body);
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: 'GET',
        headers: {
          authorization: api.bearer,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
        },
      },
      (res) => {
        let data = '';
        res.on('data', (d: Buffer) => (data += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(data) }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

describe('plain get_all / get_by_id', () => {
  it('answer string ids (the SDK models) while the _ex calls keep {id} objects', async () => {
    const id = await newTask('plain');
    const byId = (await api.ok('tasks.get_by_id', { task: id })).task;
    expect(typeof byId.user).toBe('string');
    expect(typeof byId.company).toBe('string');
    expect(byId.project).toBe(project);
    const [listed] = (await api.ok('tasks.get_all', { id: [id] })).tasks;
    expect(listed.project).toBe(project);
    const [ex] = (await api.ok('tasks.get_all_ex', { id: [id] })).tasks;
    expect(ex.project).toEqual({ id: project });
    expect(ex.user).toEqual({ id: byId.user });
    const projects = (await api.ok('projects.get_all', { name: '^SDK/Proj$', only_fields: ['id'] })).projects;
    expect(projects).toEqual([{ id: project }]);
    const p = (await api.ok('projects.get_by_id', { project })).project;
    expect(p).toMatchObject({ id: project, name: 'SDK/Proj', basename: 'Proj' });
    expect(typeof p.parent).toBe('string');
    expect(typeof p.company).toBe('string');
  });

  it('answer versioned paths sent as GET with a JSON body', async () => {
    const id = await newTask('get-body');
    const r = await getWithBody('/v2.23/tasks.get_by_id', { task: id });
    expect(r.status).toBe(200);
    expect(r.json.data.task.id).toBe(id);
    expect(r.json.meta.endpoint.name).toBe('tasks.get_by_id');
  });

  it('tasks.get_by_id answers 400/101 for an unknown id and projects.get_by_id 400/401', async () => {
    const t = await api.call('tasks.get_by_id', { task: 'nope' });
    expect([t.status, t.code, t.subcode]).toEqual([400, 400, 101]);
    const p = await api.call('projects.get_by_id', { project: 'nope' });
    expect([p.status, p.subcode]).toEqual([400, 401]);
  });
});

describe('tasks.edit and update', () => {
  const script = { entry_point: 'train.py', working_dir: '.', binary: 'python3', diff: '' };
  const hyperparams = { General: { lr: { section: 'General', name: 'lr', value: '0.01', type: 'float' } } };

  it('stores script, execution, runtime, hyperparams and configuration; only_fields reaches into them', async () => {
    const id = await newTask('edit');
    const r = await api.ok('tasks.edit', {
      task: id,
      script,
      execution: { parameters: {}, artifacts: [] },
      runtime: { cpu_cores: 2 },
      hyperparams: { ...hyperparams, Args: { batch: { value: 32 } } },
      configuration: { cfg: { value: 'a: 1', type: 'yaml' } },
    });
    expect(r.updated).toBe(1);
    const task = (await api.ok('tasks.get_by_id', { task: id })).task;
    expect(task.script).toEqual(script);
    expect(task.runtime).toEqual({ cpu_cores: 2 });
    expect(task.hyperparams.Args.batch).toEqual({ section: 'Args', name: 'batch', value: '32' });
    expect(task.configuration.cfg).toEqual({ name: 'cfg', value: 'a: 1', type: 'yaml' });
    const [only] = (
      await api.ok('tasks.get_all', { id: [id], only_fields: ['hyperparams.General', 'script.entry_point'] })
    ).tasks;
    expect(only).toEqual({ id, hyperparams: hyperparams, script: { entry_point: 'train.py' } });
    const [ex] = (await api.ok('tasks.get_all_ex', { id: [id], only_fields: ['configuration'] })).tasks;
    expect(ex.configuration.cfg.value).toBe('a: 1');
  });

  it('refuses to edit a task that is not created unless forced (400/110), changing nothing', async () => {
    const id = await newTask('running');
    await api.ok('tasks.started', { task: id });
    const before = dumpCore(api);
    const r = await api.call('tasks.edit', { task: id, script });
    expect([r.status, r.subcode]).toEqual([400, 110]);
    expect(dumpCore(api)).toEqual(before);
    await api.ok('tasks.edit', { task: id, script, force: true });
    expect((await api.ok('tasks.get_by_id', { task: id })).task.script).toEqual(script);
  });

  it('validates object fields: a hyperparameter section that is not an object is 400/12', async () => {
    const id = await newTask('bad');
    const before = dumpCore(api);
    const r = await api.call('tasks.edit', { task: id, hyperparams: { General: 'x' } });
    expect([r.status, r.subcode]).toEqual([400, 12]);
    expect(r.msg).toContain('hyperparams.General');
    expect(dumpCore(api)).toEqual(before);
  });

  it('tasks.update changes name and comment in any status; set_requirements fills script.requirements', async () => {
    const id = await newTask('upd');
    await api.ok('tasks.started', { task: id });
    await api.ok('tasks.update', { task: id, name: 'renamed', comment: 'c' });
    await api.ok('tasks.set_requirements', { task: id, requirements: { pip: 'numpy==1.0\n' } });
    const task = (await api.ok('tasks.get_by_id', { task: id })).task;
    expect([task.name, task.comment]).toEqual(['renamed', 'c']);
    expect(task.script).toEqual({ requirements: { pip: 'numpy==1.0\n' } });
  });

  it('tasks.ping stamps the worker without moving last_update', async () => {
    const id = await newTask('ping');
    const before = (await api.ok('tasks.get_by_id', { task: id })).task.last_update;
    expect(await api.ok('tasks.ping', { task: id }, { headers: { 'x-clearml-worker': 'host:1' } })).toEqual({});
    const task = (await api.ok('tasks.get_by_id', { task: id })).task;
    expect(task.last_worker).toBe('host:1');
    expect(task.last_update).toBe(before);
  });
});

describe('artifacts', () => {
  it('add_or_update_artifacts replaces by key and mode; an execution edit without artifacts keeps them', async () => {
    const id = await newTask('arts');
    await api.ok('tasks.add_or_update_artifacts', {
      task: id,
      artifacts: [
        { key: 'a', type: 'json', uri: 'http://h/a1.json', content_size: 3 },
        { key: 'b', type: 'str', mode: 'input' },
      ],
    });
    await api.ok('tasks.add_or_update_artifacts', {
      task: id,
      artifacts: [{ key: 'a', type: 'json', uri: 'http://h/a2' }],
    });
    await api.ok('tasks.edit', { task: id, execution: { queue: 'q' } });
    const { execution } = (await api.ok('tasks.get_by_id', { task: id })).task;
    expect(execution.queue).toBe('q');
    expect(execution.artifacts).toEqual([
      { key: 'a', type: 'json', uri: 'http://h/a2', mode: 'output' },
      { key: 'b', type: 'str', mode: 'input' },
    ]);
  });
});

describe('hyperparameters and configuration item by item', () => {
  it('edit_hyper_params merges, replaces a section or all; get_hyper_params lists; delete_hyper_params removes', async () => {
    const id = await newTask('hp');
    await api.ok('tasks.edit_hyper_params', {
      task: id,
      hyperparams: [
        { section: 'General', name: 'lr', value: '0.1' },
        { section: 'General', name: 'bs', value: '8' },
        { section: 'Args', name: 'seed', value: '1' },
      ],
    });
    await api.ok('tasks.edit_hyper_params', {
      task: id,
      hyperparams: [{ section: 'General', name: 'lr', value: '0.2' }],
      replace_hyperparams: 'section',
    });
    const list = async () =>
      (await api.ok('tasks.get_hyper_params', { tasks: [id] })).params[0].hyperparams.map(
        (p: { section: string; name: string; value: string }) => `${p.section}/${p.name}=${p.value}`,
      );
    expect(await list()).toEqual(['General/lr=0.2', 'Args/seed=1']);
    expect((await api.ok('tasks.delete_hyper_params', { task: id, hyperparams: [{ section: 'Args' }] })).deleted).toBe(
      1,
    );
    expect(await list()).toEqual(['General/lr=0.2']);
    await api.ok('tasks.edit_hyper_params', {
      task: id,
      hyperparams: [{ section: 'X', name: 'y', value: 'z' }],
      replace_hyperparams: 'all',
    });
    expect(await list()).toEqual(['X/y=z']);
  });

  it('edit_configuration, get_configurations (by name), get_configuration_names, delete_configuration', async () => {
    const id = await newTask('cfg');
    await api.ok('tasks.edit_configuration', {
      task: id,
      configuration: [
        { name: 'b', value: '{"x": 1}', type: 'dictionary' },
        { name: 'a', value: 'text' },
        { name: 'empty', value: '' },
      ],
    });
    const all = (await api.ok('tasks.get_configurations', { tasks: [id] })).configurations[0];
    expect(all.task).toBe(id);
    expect(all.configuration.map((c: { name: string }) => c.name)).toEqual(['b', 'a', 'empty']);
    const one = (await api.ok('tasks.get_configurations', { tasks: [id], names: ['b'] })).configurations[0];
    expect(one.configuration).toEqual([{ name: 'b', value: '{"x": 1}', type: 'dictionary' }]);
    const names = (await api.ok('tasks.get_configuration_names', { tasks: [id] })).configurations;
    expect(names).toEqual([{ task: id, names: ['a', 'b'] }]);
    expect((await api.ok('tasks.delete_configuration', { task: id, configuration: ['a', 'zz'] })).deleted).toBe(1);
    await api.ok('tasks.edit_configuration', {
      task: id,
      configuration: [{ name: 'c', value: '1' }],
      replace_configuration: true,
    });
    const after = (await api.ok('tasks.get_configuration_names', { tasks: [id], skip_empty: false })).configurations;
    expect(after[0].names).toEqual(['c']);
  });

  it('asks for force on a running task and a task id that exists', async () => {
    const id = await newTask('hp-running');
    await api.ok('tasks.started', { task: id });
    const r = await api.call('tasks.edit_hyper_params', { task: id, hyperparams: [{ section: 'a', name: 'b' }] });
    expect([r.status, r.subcode]).toEqual([400, 110]);
    await api.ok('tasks.edit_hyper_params', { task: id, hyperparams: [{ section: 'a', name: 'b' }], force: true });
    const missing = await api.call('tasks.get_configurations', { tasks: ['missing'] });
    expect([missing.status, missing.subcode]).toEqual([400, 101]);
  });
});
