// The real ClearML Python SDK 1.17.0 (shared/clients), unchanged, logs a training run into the
// embedded server and reads it back from a second process, as a user would. Debian's python3
// and the SDK's dependencies come from apt (.ci/run installs them); without them, or without
// the SDK tarball, these tests are skipped with one line naming what to install.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../helpers/demo-process.js';
import { failureLines, runProcess, skipReason, startSdkWorld, type SdkWorld } from '../helpers/sdk.js';

const SKIP = skipReason();
const PROJECT = 'sdk tests/mnist';
const TASK = 'train lenet';

let world: SdkWorld;

beforeAll(async () => {
  if (SKIP !== undefined) return;
  world = await startSdkWorld(['train.py', 'read.py'], PROJECT);
}, 60_000);

afterAll(async () => {
  await world?.close();
});

describe.skipIf(SKIP !== undefined)('the ClearML Python SDK against tracktop serve', () => {
  let taskId = '';
  let failedTaskId = '';

  it('runs a training script with every common-path call to exit 0 without an error line', async () => {
    const run = await world.run('train.py', [], { SDK_TEST_TASK: TASK }, 60_000);
    expect(failureLines(run.output), run.output).toEqual([]);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('TRAIN_DONE');
    taskId = /^TASK_ID=([0-9a-f]+)/m.exec(run.output)?.[1] ?? '';
    failedTaskId = /FAILED_TASK_ID=([0-9a-f]+)/.exec(run.output)?.[1] ?? '';
    expect(taskId).not.toBe('');
    expect(failedTaskId).not.toBe('');
    expect(world.server.logs).toEqual([]);
  }, 70_000);

  it('reads back every value it wrote from a second process', async () => {
    expect(taskId, 'the training script did not run').not.toBe('');
    const env = { SDK_TEST_TASK: TASK, SDK_TEST_TASK_ID: taskId, SDK_TEST_FAILED_TASK_ID: failedTaskId };
    const run = await world.run('read.py', [], env, 40_000);
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
      world.server.url,
      '--access-key',
      world.server.accessKey,
      '--secret-key',
      world.server.secretKey,
    ];
    const run = await runProcess(
      process.execPath,
      [BIN, ...args],
      { PATH: world.env.PATH, HOME: world.env.HOME },
      ROOT,
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
