// The SDK's Task.clone, Task.enqueue (by queue name) and Task.dequeue against the embedded
// server: the clone is a draft of the source, queued in the named queue, then back to a draft.
// Skipped, with one line naming what to install, where the SDK or its packages are missing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverCaller } from '../helpers/agent.js';
import { failureLines, printed, skipReason, startSdkWorld, type SdkWorld } from '../helpers/sdk.js';

const SKIP = skipReason();
const QUEUE = 'sdk queue';
let world: SdkWorld;

beforeAll(async () => {
  if (SKIP !== undefined) return;
  world = await startSdkWorld(['queueing.py'], 'sdk tests/queueing');
}, 60_000);

afterAll(async () => {
  await world?.close();
});

describe.skipIf(SKIP !== undefined)('the SDK running tasks through queues', () => {
  it('clones a task, enqueues the clone by queue name and dequeues it', async () => {
    const call = await serverCaller(world);
    const queue = (await call('queues.create', { name: QUEUE })).id as string;
    const run = await world.run('queueing.py', [], { SDK_TEST_QUEUE: QUEUE }, 90_000);
    expect(failureLines(run.output), run.output).toEqual([]);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toContain('QUEUEING_DONE');
    expect(printed(run.output, 'CLONE_STATUS')).toBe('created');
    expect(printed(run.output, 'CLONE_PARENT')).toBe(printed(run.output, 'SOURCE_ID'));
    expect(printed(run.output, 'QUEUED')).toBe('1');
    expect(printed(run.output, 'QUEUED_STATUS')).toBe('queued');
    expect(printed(run.output, 'ENQUEUED_COUNT')).toBe('1');
    expect(printed(run.output, 'DEQUEUED')).toBe('1');
    expect(printed(run.output, 'DEQUEUED_STATUS')).toBe('created');
    const clone = printed(run.output, 'CLONE_ID');
    const task = (await call('tasks.get_all_ex', { id: [clone], only_fields: ['hyperparams', 'parent', 'execution'] }))
      .tasks[0];
    expect(task.hyperparams.General.lr.value).toBe('0.1');
    expect(task.execution.queue).toBe(queue);
    expect((await call('queues.get_all_ex', { id: [queue] })).queues[0].entries).toEqual([]);
    expect(world.server.logs).toEqual([]);
  }, 120_000);
});
