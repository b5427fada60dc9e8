// Simulated workers against the real embedded server (in-process, temp SQLite file): they come
// and go as clearml-agent does, registered while the demo runs and gone once it ends.
import { describe, expect, it } from 'vitest';
import { startSimulatedWorkers } from '../../src/demo/simulated-workers.js';
import { withClient } from '../helpers/client.js';
import { withTestServer } from '../helpers/server.js';
import { waitFor } from '../helpers/timers.js';

const server = withTestServer();
const client = withClient(() => server);

const machine = { cpus: 8, gpus: 1, memoryMb: 65_536, gpuMemoryMb: 40_960, diskFreePercent: 50 };

describe('startSimulatedWorkers', () => {
  it('registers and reports while running, and unregisters every worker when the signal aborts', async () => {
    const { id: queue } = await client.queues.create({ name: `q-${Math.random().toString(36).slice(2, 8)}` });
    const controller = new AbortController();
    const workers = startSimulatedWorkers(
      client,
      [
        { id: 'host-a:0', profile: machine, queues: [queue] },
        { id: 'host-b:0', profile: machine, queues: [queue] },
      ],
      { signal: controller.signal, now: Date.now, pollMs: 10, endRun: () => Promise.resolve() },
    );
    await waitFor(() => workers.stats().reports >= 2, 10_000, 'the first reports');
    const listed = (await client.workers.getAll({})).workers;
    expect(listed.map((w) => w.id).sort()).toEqual(['host-a:0', 'host-b:0']);
    expect(listed.every((w) => w.queues?.[0]?.id === queue)).toBe(true);

    controller.abort();
    await workers.done;
    expect((await client.workers.getAll({})).workers).toEqual([]);
    expect(workers.stats().failedCalls).toBe(0);
  });
});
