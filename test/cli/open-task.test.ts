// `tracktop TASK`: the monitor opens with the task selected, named by its id or by the
// results-page URL the ClearML SDK prints; the built binary's --once frame shows it.
import { execFile } from 'node:child_process';
import { describe, expect, it, beforeAll } from 'vitest';
import { createClient } from '../../src/api/index.js';
import { parseCommandLine, UsageError } from '../../src/cli/args.js';
import { taskIdFrom } from '../../src/cli/task-arg.js';
import { BIN, ROOT } from '../helpers/demo-process.js';
import { withTestServer } from '../helpers/server.js';
import { createTask } from '../helpers/store-fixture.js';

const ID = '0123456789abcdef0123456789abcdef';

describe('the task argument', () => {
  it('takes a task id, or the results-page URL the SDK prints, and nothing else', () => {
    expect(taskIdFrom(ID)).toBe(ID);
    expect(taskIdFrom(ID.toUpperCase())).toBe(ID);
    expect(taskIdFrom(`http://127.0.0.1:8008/projects/${'a'.repeat(32)}/experiments/${ID}/output/log`)).toBe(ID);
    expect(taskIdFrom(`https://app.example/projects/*/experiments/${ID}`)).toBe(ID);
    expect(taskIdFrom('serve')).toBeUndefined();
    expect(taskIdFrom(`ftp://x/experiments/${ID}`)).toBeUndefined();
    expect(taskIdFrom(`http://x/projects/${ID}`)).toBeUndefined();
    expect(taskIdFrom(ID.slice(1))).toBeUndefined();
  });

  it('makes the monitor open with that task, before or after the flags', () => {
    expect(parseCommandLine([ID])).toMatchObject({ command: 'monitor', taskId: ID });
    expect(parseCommandLine(['--once', ID])).toMatchObject({ command: 'monitor', taskId: ID });
    expect(parseCommandLine(['--once'])).toMatchObject({ command: 'monitor', taskId: undefined });
    expect(() => parseCommandLine(['--once', 'nonsense'])).toThrow(UsageError);
    expect(() => parseCommandLine([ID, ID])).toThrow(/one task at most/);
    expect(() => parseCommandLine(['nonsense'])).toThrow(/unknown command 'nonsense'/);
  });
});

const server = withTestServer();
let older = '';

beforeAll(async () => {
  const writer = createClient({ apiHost: server.url, accessKey: server.accessKey, secretKey: server.secretKey });
  older = await createTask(writer, 'the older run');
  await writer.events.add({ task: older, type: 'log', level: 'info', worker: 'w', msg: 'a line of the older run' });
  await createTask(writer, 'the newer run');
  await writer.close();
});

function once(extra: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const args = ['--once', '--api-host', server.url, '--access-key', server.accessKey, '--secret-key', server.secretKey];
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args, ...extra],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: ROOT }, timeout: 20_000 },
      (err, stdout, stderr) =>
        resolve({ code: err ? Number((err as { code?: unknown }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('tracktop --once TASK', () => {
  it('selects the task named by id or results URL instead of the newest', async () => {
    const plain = await once([]);
    expect(plain.stdout).not.toContain('a line of the older run');
    for (const word of [older, `${server.url}/projects/p/experiments/${older}/output/log`]) {
      const r = await once([word]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('a line of the older run');
    }
  });

  it('says so when the task is not listed, and refuses a word that names no task', async () => {
    const missing = await once([ID]);
    expect(missing.code).toBe(0);
    expect(missing.stdout).toContain(`no task ${ID} listed`);
    const bad = await once(['not-a-task']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("'not-a-task' is neither a task id");
  });
});
