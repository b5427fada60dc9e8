// The SDK's model registry and clearml-data against the embedded server, each written by one
// process and read back by another, and a crashing script: it must exit with its own status
// and leave its task failed with the traceback. Skipped, with one line naming what to install,
// where the SDK tarball or its Python packages are missing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFailureLines, failureLines, printed, skipReason, startSdkWorld, type SdkWorld } from '../helpers/sdk.js';

const SKIP = skipReason();
let world: SdkWorld;

beforeAll(async () => {
  if (SKIP !== undefined) return;
  world = await startSdkWorld(['model_registry.py', 'dataset_roundtrip.py', 'crash.py'], 'sdk tests/registry');
}, 60_000);

afterAll(async () => {
  await world?.close();
});

/** Runs the script's write step, then its read step in a second process with what it printed. */
async function roundTrip(script: string, write: string, idName: string, envName: string): Promise<void> {
  const written = await world.run(script, [write]);
  expect(failureLines(written.output), written.output).toEqual([]);
  expect(written.code, written.output).toBe(0);
  const id = printed(written.output, idName);
  expect(id).toMatch(/^[0-9a-f]{32}$/);
  const read = await world.run(script, ['read'], { [envName]: id });
  expect(failureLines(read.output), read.output).toEqual([]);
  expect(read.output).not.toContain('MISMATCH');
  expect(read.code, read.output).toBe(0);
  expect(read.output).toContain('READ_DONE');
  expect(world.server.logs).toEqual([]);
}

describe.skipIf(SKIP !== undefined)('the SDK model registry, datasets and a crash', () => {
  it('OutputModel weights, labels, tags and metadata read back by Model.query_models and InputModel', async () => {
    await roundTrip('model_registry.py', 'write', 'MODEL_ID', 'SDK_TEST_MODEL_ID');
  }, 150_000);

  it('a dataset created, uploaded and finalized reads back by id and by project/name, file for file', async () => {
    await roundTrip('dataset_roundtrip.py', 'create', 'DATASET_ID', 'SDK_TEST_DATASET_ID');
  }, 150_000);

  it('a crashing script exits with its own status and its task shows failed with the traceback', async () => {
    const crashed = await world.run('crash.py', ['run']);
    expect(crashed.code, crashed.output).toBe(1);
    expect(crashed.output).toContain('RuntimeError: loss exploded at step 2');
    expect(callFailureLines(crashed.output), crashed.output).toEqual([]);
    const task = printed(crashed.output, 'TASK_ID');
    const read = await world.run('crash.py', ['read'], { SDK_TEST_TASK_ID: task });
    expect(failureLines(read.output), read.output).toEqual([]);
    expect(read.output).not.toContain('MISMATCH');
    expect(read.code, read.output).toBe(0);
  }, 150_000);
});
