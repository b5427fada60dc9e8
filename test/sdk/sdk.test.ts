// The real ClearML Python SDK 1.17.0 (shared/clients), unchanged, logs a training run into the
// embedded server and reads it back from a second process, as a user would. Debian's
// python3 and the SDK's dependencies come from apt (.ci/run installs them); if they are missing
// this test fails and says what to install.
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../helpers/demo-process.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const PYTHON = '/usr/bin/python3';
/** shared/ sits beside the clone (CI), or one level further up (a worktree under wt/). */
const SDK_TARBALLS = [join(ROOT, '..'), join(ROOT, '..', '..')].map((dir) =>
  join(dir, 'shared', 'clients', 'clearml-sdk-1.17.0.tar.gz'),
);
const APT_PACKAGES =
  'python3-furl python3-orderedmultidict python3-jsonschema python3-jwt python3-attr python3-six python3-psutil ' +
  'python3-pyparsing python3-dateutil python3-yaml python3-urllib3 python3-requests python3-pil python3-numpy';
const PY_MODULES = [
  'furl',
  'orderedmultidict',
  'jsonschema',
  'jwt',
  'attr',
  'six',
  'psutil',
  'pyparsing',
  'dateutil',
  'yaml',
  'urllib3',
  'requests',
  'PIL',
  'numpy',
];
/** Lines the SDK prints when a call failed, even when it carries on. */
const FAILURE_LINE = /\bERROR\b|Action failed|Traceback/;

interface Run {
  code: number | null;
  output: string;
}

function runProcess(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: join(work, 'scripts'), env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

function failureLines(output: string): string[] {
  return output.split('\n').filter((line) => FAILURE_LINE.test(line));
}

function findTarball(): string {
  const found = SDK_TARBALLS.find((p) => existsSync(p));
  if (found === undefined)
    throw new Error(
      `the ClearML SDK tarball is missing: expected shared/clients/clearml-sdk-1.17.0.tar.gz beside the repository`,
    );
  return found;
}

function requirePython(): void {
  if (!existsSync(PYTHON)) throw new Error(`${PYTHON} is missing: apt-get install -y python3 ${APT_PACKAGES}`);
  try {
    execFileSync(PYTHON, ['-c', `import ${PY_MODULES.join(', ')}`], { stdio: 'pipe' });
  } catch (err) {
    const stderr = String((err as { stderr?: Buffer }).stderr ?? '');
    throw new Error(
      `the ClearML SDK's Python packages are missing (${stderr.trim().split('\n').pop() ?? ''}): apt-get install -y ${APT_PACKAGES}`,
      { cause: err },
    );
  }
}

let server: TestServer;
let work: string;
let sdkEnv: NodeJS.ProcessEnv;
const PROJECT = 'sdk tests/mnist';
const TASK = 'train lenet';

beforeAll(async () => {
  requirePython();
  const tarball = findTarball();
  work = mkdtempSync(join(tmpdir(), 'tracktop-sdk-'));
  execFileSync('tar', ['xzf', tarball, '-C', work]);
  // pathlib2 has no Debian package; the standard library's pathlib is what it backports.
  mkdirSync(join(work, 'shim'));
  writeFileSync(join(work, 'shim', 'pathlib2.py'), 'from pathlib import *\n');
  mkdirSync(join(work, 'home'));
  // Outside any git repository, as a user's script may be: the SDK's requirement analysis then
  // reads the script alone instead of this whole repository (which can outlast its 10 s wait).
  mkdirSync(join(work, 'scripts'));
  for (const script of ['train.py', 'read.py'])
    copyFileSync(join(ROOT, 'test', 'sdk', script), join(work, 'scripts', script));
  server = await startTestServer();
  sdkEnv = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: join(work, 'home'),
    PYTHONPATH: `${join(work, 'shim')}:${join(work, 'clearml-sdk-1.17.0')}`,
    PYTHONUNBUFFERED: '1',
    CLEARML_API_HOST: server.url,
    CLEARML_WEB_HOST: server.url,
    CLEARML_FILES_HOST: `${server.url}/files`,
    CLEARML_API_ACCESS_KEY: server.accessKey,
    CLEARML_API_SECRET_KEY: server.secretKey,
    CLEARML_CONFIG_FILE: '/dev/null',
    SDK_TEST_PROJECT: PROJECT,
    SDK_TEST_TASK: TASK,
  };
});

afterAll(async () => {
  await server?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the ClearML Python SDK against tracktop serve', () => {
  let taskId = '';
  let failedTaskId = '';

  it('runs a training script with every common-path call to exit 0 without an error line', async () => {
    const run = await runProcess(PYTHON, ['train.py'], sdkEnv, 60_000);
    expect(failureLines(run.output), run.output).toEqual([]);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('TRAIN_DONE');
    taskId = /^TASK_ID=([0-9a-f]+)/m.exec(run.output)?.[1] ?? '';
    failedTaskId = /FAILED_TASK_ID=([0-9a-f]+)/.exec(run.output)?.[1] ?? '';
    expect(taskId).not.toBe('');
    expect(failedTaskId).not.toBe('');
    expect(server.logs).toEqual([]);
  }, 70_000);

  it('reads back every value it wrote from a second process', async () => {
    expect(taskId, 'the training script did not run').not.toBe('');
    const env = { ...sdkEnv, SDK_TEST_TASK_ID: taskId, SDK_TEST_FAILED_TASK_ID: failedTaskId };
    const run = await runProcess(PYTHON, ['read.py'], env, 40_000);
    expect(failureLines(run.output), run.output).toEqual([]);
    expect(run.output).not.toContain('MISMATCH');
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('READ_DONE');
  }, 50_000);

  it('shows the run in the monitor: tracktop --once lists the task with its scalars and console', async () => {
    expect(taskId, 'the training script did not run').not.toBe('');
    const args = [
      '--once',
      '--api-host',
      server.url,
      '--access-key',
      server.accessKey,
      '--secret-key',
      server.secretKey,
    ];
    const run = await runProcess(
      process.execPath,
      [BIN, ...args],
      { PATH: process.env.PATH, HOME: sdkEnv.HOME },
      20_000,
    );
    expect(run.code, run.output).toBe(0);
    // The newest task (the training run) is selected: its scalars and console output show.
    expect(run.output).toContain(TASK);
    expect(run.output).toMatch(/loss\s*\S\s*train\s+0\.333333/);
    expect(run.output).toMatch(/loss\s*\S\s*val\s+0\.666667/);
    expect(run.output).toContain('epoch 2 loss 0.3333');
  }, 30_000);
});
