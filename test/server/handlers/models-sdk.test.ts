// The models.* calls and task model sections of the ClearML SDK (OutputModel, InputModel,
// Model.query_models, the torch.save hook, clearml-data), over real HTTP with the request and
// response shapes of its v2_23 models.
import { describe, expect, it } from 'vitest';
import { dumpCore, withApi } from '../../helpers/http.js';

const api = withApi();

async function newTask(name = 'run', started = true): Promise<string> {
  const { id: project } = await api.ok('projects.create', { name: `Models SDK/${name}` });
  const { id } = await api.ok('tasks.create', { name, type: 'training', project });
  if (started) await api.ok('tasks.started', { task: id });
  return id as string;
}

describe('task documents', () => {
  it('carry output, models {input, output}, script, execution and runtime even when never set', async () => {
    const task = await newTask('bare', false);
    for (const doc of [
      (await api.ok('tasks.get_by_id', { task })).task,
      (await api.ok('tasks.get_all', { id: [task] })).tasks[0],
      (await api.ok('tasks.get_all_ex', { id: [task] })).tasks[0],
    ]) {
      expect(doc).toMatchObject({
        output: {},
        models: { input: [], output: [] },
        script: {},
        execution: {},
        runtime: {},
      });
    }
  });
});

describe('models.create / get_by_id / get_all', () => {
  it('stores framework, design, labels, metadata and parent and returns string references', async () => {
    const task = await newTask('create');
    const parent = (await api.ok('models.create', { name: 'base', uri: 'file:///base.pt', ready: false })).id;
    const { id } = await api.ok('models.create', {
      name: 'net',
      uri: 'file:///net.pt',
      task,
      ready: false,
      framework: 'PyTorch',
      design: { design: 'Linear(2, 1)' },
      labels: { cat: 1, dog: 2 },
      parent,
      metadata: [{ key: 'accuracy', type: 'float', value: '0.93' }],
    });
    const { model } = await api.ok('models.get_by_id', { model: id });
    expect(model).toMatchObject({
      id,
      name: 'net',
      uri: 'file:///net.pt',
      task,
      ready: false,
      framework: 'PyTorch',
      design: { design: 'Linear(2, 1)' },
      labels: { cat: 1, dog: 2 },
      parent,
      metadata: { accuracy: { key: 'accuracy', type: 'float', value: '0.93' } },
    });
    expect(typeof model.user).toBe('string');
    const listed = (await api.ok('models.get_all', { task: [task], framework: ['PyTorch'], uri: ['file:///net.pt'] }))
      .models;
    expect(listed.map((m: { id: string; task: string }) => [m.id, m.task])).toEqual([[id, task]]);
    expect((await api.ok('models.get_all', { uri: ['file:///other.pt'] })).models).toEqual([]);
  });

  it('filters by metadata values (Model.query_models(metadata=...))', async () => {
    const meta = (value: string) => [{ key: 'stage', type: 'str', value }];
    const a = (await api.ok('models.create', { name: 'meta a', uri: 'u', metadata: meta('prod') })).id;
    const b = (await api.ok('models.create', { name: 'meta b', uri: 'u', metadata: meta('dev') })).id;
    const ids = async (body: Record<string, unknown>) =>
      (await api.ok('models.get_all', { name: '^meta ', only_fields: ['id'], ...body })).models.map(
        (m: { id: string }) => m.id,
      );
    expect(await ids({ 'metadata.stage.value': 'prod' })).toEqual([a]);
    expect(await ids({ 'metadata.stage.value': ['prod', 'dev'] })).toEqual([a, b]);
    expect(await ids({ 'metadata.stage.type': 'str', 'metadata.other.value': 'x' })).toEqual([]);
  });

  it('refuses labels that are not integers and an unknown model id (400/201)', async () => {
    const before = dumpCore(api);
    const bad = await api.call('models.create', { name: 'x', uri: 'u', labels: { cat: 'one' } });
    expect([bad.status, bad.subcode]).toEqual([400, 12]);
    const unknown = await api.call('models.get_by_id', { model: 'f'.repeat(32) });
    expect([unknown.status, unknown.subcode]).toEqual([400, 201]);
    expect(dumpCore(api)).toEqual(before);
  });
});

describe('models.edit / update / add_or_update_metadata', () => {
  it('changes the fields named, merges metadata by key and raises the task iteration', async () => {
    const task = await newTask('edit');
    const { id } = await api.ok('models.create', { name: 'draft', uri: 'file:///uploading_file', ready: false });
    const edited = await api.ok('models.edit', {
      model: id,
      uri: 'file:///weights.pt',
      task,
      labels: { a: 0 },
      framework: 'PyTorch',
      iteration: 7,
    });
    expect(edited).toMatchObject({ updated: 1, fields: { uri: 'file:///weights.pt', labels: { a: 0 } } });
    expect((await api.ok('tasks.get_by_id', { task })).task.last_iteration).toBe(7);
    await api.ok('models.update', { model: id, name: 'final', tags: ['best', 'best'], comment: 'c' });
    await api.ok('models.add_or_update_metadata', { model: id, metadata: [{ key: 'k1', value: 'v1' }] });
    await api.ok('models.add_or_update_metadata', { model: id, metadata: [{ key: 'k2', value: 'v2' }] });
    const { model } = await api.ok('models.get_by_id', { model: id });
    expect(model).toMatchObject({ name: 'final', tags: ['best'], comment: 'c', uri: 'file:///weights.pt' });
    expect(Object.keys(model.metadata)).toEqual(['k1', 'k2']);
    await api.ok('models.add_or_update_metadata', {
      model: id,
      metadata: [{ key: 'k3', value: 'v3' }],
      replace_metadata: true,
    });
    expect(Object.keys((await api.ok('models.get_by_id', { model: id })).model.metadata)).toEqual(['k3']);
  });
});

describe('tasks.add_or_update_model', () => {
  it('adds an output model to a running task, replacing the item of the same name', async () => {
    const task = await newTask('checkpoints');
    const a = (await api.ok('models.create', { name: 'a', uri: 'file:///a.pt', ready: false })).id;
    const b = (await api.ok('models.create', { name: 'b', uri: 'file:///b.pt', ready: false })).id;
    expect(await api.ok('tasks.add_or_update_model', { task, name: 'net', model: a, type: 'output' })).toEqual({
      updated: 1,
    });
    await api.ok('tasks.add_or_update_model', { task, name: 'other', model: a, type: 'output' });
    await api.ok('tasks.add_or_update_model', { task, name: 'net', model: b, type: 'output', iteration: 3 });
    const doc = (await api.ok('tasks.get_by_id', { task })).task;
    expect(doc.models.input).toEqual([]);
    expect(doc.models.output.map((m: { name: string; model: string }) => [m.name, m.model])).toEqual([
      ['other', a],
      ['net', b],
    ]);
    expect(doc.last_iteration).toBe(3);
  });

  it('refuses an input model on a running task and an unknown model, changing nothing', async () => {
    const task = await newTask('inputs');
    const a = (await api.ok('models.create', { name: 'in', uri: 'file:///in.pt' })).id;
    const before = dumpCore(api);
    const input = await api.call('tasks.add_or_update_model', { task, name: 'in', model: a, type: 'input' });
    expect([input.status, input.subcode]).toEqual([400, 110]);
    const unknown = await api.call('tasks.add_or_update_model', {
      task,
      name: 'x',
      model: 'f'.repeat(32),
      type: 'output',
    });
    expect([unknown.status, unknown.subcode]).toEqual([400, 201]);
    expect(dumpCore(api)).toEqual(before);
  });
});

describe('models.update_for_task', () => {
  it("creates the task's output model from a uri, then updates that model", async () => {
    const task = await newTask('legacy');
    const first = await api.ok('models.update_for_task', { task, uri: 'file:///one.pt' });
    expect(first).toEqual({ id: expect.stringMatching(/^[0-9a-f]{32}$/), created: true });
    const second = await api.ok('models.update_for_task', { task, uri: 'file:///two.pt' });
    expect(second).toMatchObject({ id: first.id, created: false, updated: 1 });
    const { model } = await api.ok('models.get_by_id', { model: first.id });
    expect(model).toMatchObject({ name: 'legacy', uri: 'file:///two.pt', task, ready: false });
    const doc = (await api.ok('tasks.get_by_id', { task })).task;
    expect(doc.models.output.map((m: { model: string }) => m.model)).toEqual([first.id]);
    const neither = await api.call('models.update_for_task', { task });
    expect([neither.status, neither.subcode]).toEqual([400, 11]);
  });
});

describe('models.set_ready', () => {
  it('publishes the model alone with publish_task false, and its stopped task by default', async () => {
    const task = await newTask('publish');
    const { id } = await api.ok('models.create', { name: 'p', uri: 'file:///p.pt', task, ready: false });
    expect(await api.ok('models.set_ready', { model: id, publish_task: false })).toEqual({ updated: 1 });
    expect((await api.ok('models.get_by_id', { model: id })).model.ready).toBe(true);
    expect((await api.ok('tasks.get_by_id', { task })).task.status).toBe('in_progress');
    const refused = await api.call('models.set_ready', { model: id });
    expect([refused.status, refused.subcode]).toEqual([400, 110]);
    await api.ok('tasks.stopped', { task });
    const answer = await api.ok('models.set_ready', { model: id });
    expect(answer).toMatchObject({ updated: 1, published_task: { id: task, data: { updated: 1 } } });
    expect((await api.ok('tasks.get_by_id', { task })).task.status).toBe('published');
  });
});

describe('models.archive_many / unarchive_many / delete', () => {
  it('tags and untags models, lists unknown ids as failed, and deletes with the uri', async () => {
    const { id } = await api.ok('models.create', { name: 'old', uri: 'file:///old.pt' });
    const missing = 'f'.repeat(32);
    const archived = await api.ok('models.archive_many', { ids: [id, missing] });
    expect(archived.succeeded).toEqual([{ id, archived: true }]);
    expect(archived.failed).toMatchObject([{ id: missing, error: { codes: [400, 201] } }]);
    expect((await api.ok('models.get_by_id', { model: id })).model.system_tags).toEqual(['archived']);
    expect((await api.ok('models.unarchive_many', { ids: [id] })).succeeded).toEqual([{ id, unarchived: true }]);
    expect((await api.ok('models.get_by_id', { model: id })).model.system_tags).toEqual([]);
    expect(await api.ok('models.delete', { model: id })).toEqual({ deleted: true, url: 'file:///old.pt' });
    const gone = await api.call('models.get_by_id', { model: id });
    expect(gone.subcode).toBe(201);
  });
});

describe('user properties', () => {
  it('are set on a running task (section properties) while other sections stay locked', async () => {
    const task = await newTask('props');
    const item = { section: 'properties', name: 'gpu_type', value: 'A100' };
    await api.ok('tasks.edit_hyper_params', { task, hyperparams: [item] });
    const params = (await api.ok('tasks.get_hyper_params', { tasks: [task] })).params[0].hyperparams;
    expect(params).toEqual([item]);
    const locked = await api.call('tasks.edit_hyper_params', {
      task,
      hyperparams: [item, { section: 'Args', name: 'lr', value: '0.1' }],
    });
    expect([locked.status, locked.subcode]).toEqual([400, 110]);
    await api.ok('tasks.delete_hyper_params', { task, hyperparams: [{ section: 'properties', name: 'gpu_type' }] });
    expect((await api.ok('tasks.get_hyper_params', { tasks: [task] })).params[0].hyperparams).toEqual([]);
  });
});

describe('projects.update', () => {
  it('sets system tags and the default output destination, and renames within the parent', async () => {
    const { id } = await api.ok('projects.create', { name: 'Data/sets' });
    const { id: child } = await api.ok('projects.create', { name: 'Data/sets/.datasets' });
    const answer = await api.ok('projects.update', {
      project: id,
      system_tags: ['dataset'],
      default_output_destination: 'http://files',
      name: 'Data/renamed',
    });
    expect(answer).toMatchObject({ updated: 1, fields: { system_tags: ['dataset'], name: 'Data/renamed' } });
    expect((await api.ok('projects.get_by_id', { project: id })).project).toMatchObject({
      name: 'Data/renamed',
      basename: 'renamed',
      system_tags: ['dataset'],
      default_output_destination: 'http://files',
    });
    expect((await api.ok('projects.get_by_id', { project: child })).project.name).toBe('Data/renamed/.datasets');
    const moved = await api.call('projects.update', { project: id, name: 'Elsewhere/renamed' });
    expect([moved.status, moved.subcode]).toEqual([400, 12]);
  });
});

describe('tasks.reset', () => {
  it('returns a reused run to created without its events, output models and output artifacts', async () => {
    const task = await newTask('reused');
    const { id: model } = await api.ok('models.create', { name: 'ck', uri: 'file:///ck.pt', task, ready: false });
    await api.ok('tasks.add_or_update_model', { task, name: 'ck', model, type: 'output' });
    await api.ok('tasks.add_or_update_artifacts', {
      task,
      artifacts: [
        { key: 'out', type: 'custom', uri: 'http://files/out.bin' },
        { key: 'in', type: 'custom', mode: 'input', uri: 'http://files/in.bin' },
      ],
    });
    await api.ok('events.add', { task, type: 'training_stats_scalar', metric: 'm', variant: 'v', iter: 4, value: 1 });
    await api.ok('tasks.failed', { task });
    const answer = await api.ok('tasks.reset', { task, return_file_urls: true });
    expect(answer).toMatchObject({
      updated: 1,
      deleted_models: 1,
      events: { deleted: 1 },
      urls: { model_urls: ['file:///ck.pt'], artifact_urls: ['http://files/out.bin'] },
    });
    const doc = (await api.ok('tasks.get_by_id', { task })).task;
    expect(doc).toMatchObject({ status: 'created', last_iteration: 0, models: { input: [], output: [] } });
    expect(doc.execution.artifacts.map((a: { key: string }) => a.key)).toEqual(['in']);
    expect((await api.call('models.get_by_id', { model })).subcode).toBe(201);
    expect((await api.ok('events.get_task_log', { task })).events).toEqual([]);
  });

  it('refuses a completed task unless forced, and a published one', async () => {
    const task = await newTask('done');
    await api.ok('tasks.completed', { task });
    const refused = await api.call('tasks.reset', { task });
    expect([refused.status, refused.subcode]).toEqual([400, 110]);
    expect((await api.ok('tasks.reset', { task, force: true })).updated).toBe(1);
  });
});
