// The demo's cluster: three queues (the server's default one, tagged `default` as real servers
// tag it, and two more), the two seeded drafts waiting in them since a while ago, and the
// machines of the simulated workers (src/demo/simulated-workers.ts): one per live run, running
// it, and one idle. Every worker listens to `default`, which nothing waits in; no worker serves
// `gpu-long` or `cpu`, so what waits there keeps waiting, as it would on a real cluster whose
// agents are busy elsewhere (an idle agent takes what waits in its queues within seconds).
import type { DemoClient } from './demo-client.js';
import type { DemoClock } from './demo-clock.js';
import { runPace } from './log-lines.js';
import type { MachineProfile } from './machine-stats.js';
import { seedFromString } from './random.js';
import type { SimulatedRun } from './simulated-run.js';
import type { SimulatedWorker } from './simulated-workers.js';

export const DEFAULT_QUEUE = 'default';
/** The system tag real servers give the queue tasks go to when none is named. */
const DEFAULT_QUEUE_TAG = 'default';

export const DEMO_QUEUES: readonly { name: string; systemTags: string[] }[] = [
  { name: DEFAULT_QUEUE, systemTags: [DEFAULT_QUEUE_TAG] },
  { name: 'gpu-long', systemTags: [] },
  { name: 'cpu', systemTags: [] },
];

/** The drafts the seed leaves (src/demo/plan.ts) and the queue each waits in, since how long. */
export const WAITING_DRAFTS: readonly { name: string; queue: string; waitingMs: number }[] = [
  { name: 'bert-base-squad', queue: 'gpu-long', waitingMs: 41 * 60_000 },
  { name: 'resnet18-smoke-test', queue: 'cpu', waitingMs: 18 * 60_000 },
];

/** The idle worker's name: like the live runs' machines (src/demo/seed.ts runForPlan). */
export const IDLE_WORKER = 'demo-shared-gpu01';

type QueueClient = Pick<DemoClient, 'queues'>;

/** The demo's queues by name, created when missing (a resumed demo has them already). */
export async function ensureQueues(client: QueueClient): Promise<Record<string, string>> {
  const names = DEMO_QUEUES.map((q) => q.name);
  const { queues } = await client.queues.getAllEx({
    name: `^(${names.join('|')})$`,
    only_fields: ['id', 'name'],
  });
  const ids: Record<string, string> = {};
  for (const queue of queues) if (queue.name !== undefined && names.includes(queue.name)) ids[queue.name] = queue.id;
  for (const queue of DEMO_QUEUES)
    ids[queue.name] ??= (await client.queues.create({ name: queue.name, system_tags: queue.systemTags })).id;
  return ids;
}

/**
 * Puts each seeded draft in its queue, stamped `waitingMs` before now on the server's clock, so
 * the queue's oldest wait is a real one. Drafts not among `drafts` (by name) are left alone.
 */
export async function enqueueDrafts(
  client: Pick<DemoClient, 'tasks'>,
  drafts: readonly { id: string; name: string }[],
  queueIds: Readonly<Record<string, string>>,
  clock: DemoClock,
): Promise<void> {
  const now = clock.now();
  const waiting = [...WAITING_DRAFTS].sort((a, b) => b.waitingMs - a.waitingMs);
  try {
    for (const plan of waiting) {
      const draft = drafts.find((d) => d.name === plan.name);
      const queue = queueIds[plan.queue];
      if (draft === undefined || queue === undefined) continue;
      clock.set(now - plan.waitingMs);
      await client.tasks.enqueue({ task: draft.id, queue, status_reason: 'enqueued by the demo' });
    }
  } finally {
    clock.set(undefined);
  }
}

const GPU_MEMORY_MB = 40_960;

/** A machine sized for `gpus` GPUs, its disk somewhat used (differs per name). */
function machineFor(name: string, gpus: number): MachineProfile {
  return {
    cpus: Math.min(64, 8 * gpus),
    gpus,
    memoryMb: gpus * 64 * 1024,
    gpuMemoryMb: GPU_MEMORY_MB,
    diskFreePercent: 35 + (seedFromString(name) % 40),
  };
}

/** The simulated workers: one running each live run (on the machine its log names), one idle. */
export function demoWorkers(
  runs: readonly SimulatedRun[],
  queueIds: Readonly<Record<string, string>>,
): SimulatedWorker[] {
  const listen = queueIds[DEFAULT_QUEUE] === undefined ? [] : [queueIds[DEFAULT_QUEUE]];
  const busy = runs.map((run): SimulatedWorker => ({
    id: run.worker,
    profile: machineFor(run.worker, runPace(run.name, run.shape.kind).gpus),
    queues: listen,
    task: run.taskId,
  }));
  return [...busy, { id: IDLE_WORKER, profile: machineFor(IDLE_WORKER, 2), queues: listen }];
}
