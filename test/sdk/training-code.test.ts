// Ordinary PyTorch training code, unchanged, against the embedded server: Task.init's defaults
// hook argparse, matplotlib and torch.save (the checkpoint becomes the task's output model), a
// pandas DataFrame is an artifact, a user property is set on the running task; a second process
// reads every value back through the SDK. Skipped, with one line naming what to install, where
// the SDK tarball or Debian's python3-torch/matplotlib/pandas/plotly are missing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureLines, printed, skipReason, startSdkWorld, TRAINING_PACKAGES, type SdkWorld } from '../helpers/sdk.js';

const SKIP = skipReason(TRAINING_PACKAGES);
let world: SdkWorld;

beforeAll(async () => {
  if (SKIP !== undefined) return;
  world = await startSdkWorld(['torch_train.py', 'torch_read.py'], 'sdk tests/torch');
}, 60_000);

afterAll(async () => {
  await world?.close();
});

describe.skipIf(SKIP !== undefined)('PyTorch training code with Task.init defaults', () => {
  let written: Record<string, string> = {};

  it('runs to exit 0 without an error line', async () => {
    const run = await world.run('torch_train.py');
    expect(failureLines(run.output), run.output).toEqual([]);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('TRAIN_DONE');
    written = {
      SDK_TEST_TASK_ID: printed(run.output, 'TASK_ID'),
      WEIGHTS: printed(run.output, 'WEIGHTS'),
      LOSSES: printed(run.output, 'LOSSES'),
    };
    expect(written.SDK_TEST_TASK_ID).toMatch(/^[0-9a-f]{32}$/);
    expect(world.server.logs).toEqual([]);
  }, 150_000);

  it('reads back the checkpoint, argparse values, user property, figure and DataFrame', async () => {
    expect(written.SDK_TEST_TASK_ID, 'the training script did not run').toBeTruthy();
    const run = await world.run('torch_read.py', [], written);
    expect(failureLines(run.output), run.output).toEqual([]);
    expect(run.output).not.toContain('MISMATCH');
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('READ_DONE');
  }, 150_000);
});
