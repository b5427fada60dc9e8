// Task.delete() of the real ClearML SDK against the embedded server: a draft made by
// Task.create, and a task whose artifact sits on the files host (deleted with it). Skipped,
// with one line naming what to install, where the SDK tarball or its Python packages are missing.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureLines, printed, skipReason, startSdkWorld, type SdkWorld } from '../helpers/sdk.js';

const SKIP = skipReason();
let world: SdkWorld;

beforeAll(async () => {
  if (SKIP !== undefined) return;
  world = await startSdkWorld(['task_delete.py'], 'sdk tests/delete');
}, 60_000);

afterAll(async () => {
  await world?.close();
});

async function deleted(mode: string): Promise<string> {
  const run = await world.run('task_delete.py', [mode]);
  expect(failureLines(run.output), run.output).toEqual([]);
  expect(run.output).not.toContain('MISMATCH');
  expect(run.output).not.toMatch(/Failed deleting|deletion failed/i);
  expect(run.code, run.output).toBe(0);
  expect(run.output).toContain('DELETE_DONE');
  expect(world.server.logs).toEqual([]);
  const id = printed(run.output, 'TASK_ID');
  expect(world.server.server.db.prepare('SELECT id FROM tasks WHERE id = ?').get(id)).toBeUndefined();
  return run.output;
}

describe.skipIf(SKIP !== undefined)('Task.delete() with the SDK', () => {
  it('deletes a draft made by Task.create', async () => {
    await deleted('draft');
  }, 60_000);

  it('deletes a task with an artifact, and the artifact file on the files host with it', async () => {
    const output = await deleted('artifacts');
    const uri = printed(output, 'ARTIFACT_URI');
    const path = decodeURIComponent(new URL(uri).pathname).replace(/^\/files\//, '');
    expect(path).toMatch(/artifacts\/a\/a\.json$/);
    expect(existsSync(join(world.server.server.filesDir, path))).toBe(false);
  }, 60_000);
});
