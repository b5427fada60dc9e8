// Rerun with changes in a real terminal (the built binary in tmux) against the embedded server:
// `e` on a finished task hands its hyperparameters to $EDITOR (here sed, which sets one value in
// the file and exits), the monitor clones the task once with the edited value, selects the
// clone and offers the queues; Enter queues it. The server must then hold exactly that clone,
// queued, with the new value, and the source unchanged.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type ApiClient } from '../../src/api/index.js';
import { assertBuiltAndTmux, sedEditor, startMonitorOn } from '../helpers/demo-process.js';
import { basicAuth, send } from '../helpers/http.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import type { TmuxSession } from '../helpers/tmux.js';

let server: TestServer;
let client: ApiClient;
let home: string;
let tmux: TmuxSession | undefined;
let source: string;
let queue: string;

/** A hyperparameter's value in a tasks.get_all_ex row. */
function param(task: Record<string, unknown> | undefined, name: string): string | undefined {
  return (task?.hyperparams as Record<string, Record<string, { value?: string }>> | undefined)?.General?.[name]?.value;
}

beforeAll(async () => {
  assertBuiltAndTmux();
  home = mkdtempSync(join(tmpdir(), 'tracktop-rerun-'));
  server = await startTestServer();
  client = createClient({ apiHost: server.url, accessKey: server.accessKey, secretKey: server.secretKey });
  source = (await client.tasks.create({ name: 'rerun-job', type: 'training' })).id;
  await client.tasks.editHyperParams({
    task: source,
    hyperparams: [
      { section: 'General', name: 'lr', value: '0.1' },
      { section: 'General', name: 'steps', value: '3' },
    ],
  });
  await client.tasks.started({ task: source });
  await client.tasks.completed({ task: source });
  // Queues are made by clearml-agent or the SDK, not the monitor.
  const login = await send(server.url, '/auth.login', {}, { auth: basicAuth(server.accessKey, server.secretKey) });
  const made = await send(server.url, '/queues.create', { name: 'default' }, { auth: `Bearer ${login.data.token}` });
  queue = made.data.id as string;
}, 30_000);

afterAll(async () => {
  tmux?.kill();
  await client?.close();
  await server?.close();
  if (home) rmSync(home, { recursive: true, force: true });
});

describe('rerun with changes in tmux', () => {
  it('clones once with the value the editor set, and queues the clone in the picked queue', async () => {
    tmux = startMonitorOn(server, home, 120, 30, sedEditor('General/lr', '0.7'));
    await tmux.waitFor('rerun-job');
    tmux.sendKeys('e');
    await tmux.waitFor('cloned "rerun-job" as "rerun-job (clone)" with General/lr = 0.7');
    await tmux.waitFor((s) => s.includes('Run "rerun-job (clone)": pick a queue') && s.includes('default  empty'));
    tmux.sendKeys('Enter');
    await tmux.waitFor('queued "rerun-job (clone)" in "default"');

    const { tasks } = await client.tasks.getAllEx({ only_fields: ['id', 'name', 'status', 'hyperparams'] });
    expect(tasks.map((t) => t.name).sort()).toEqual(['rerun-job', 'rerun-job (clone)']);
    const clone = tasks.find((t) => t.id !== source);
    expect(clone?.status).toBe('queued');
    expect(param(clone, 'lr')).toBe('0.7');
    expect(param(clone, 'steps')).toBe('3');
    expect(
      param(
        tasks.find((t) => t.id === source),
        'lr',
      ),
    ).toBe('0.1');
    const { queues } = await client.queues.getAll({ id: [queue] });
    expect(queues[0]?.entries?.map((e) => e.task)).toEqual([clone?.id]);
  }, 60_000);
});
