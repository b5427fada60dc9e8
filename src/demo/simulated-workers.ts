// Workers that behave like clearml-agent towards the server: each registers, reports its machine
// stats and the task it runs every 30 s of the demo's clock, and unregisters when the demo ends.
// Between reports it watches its task as the agent does (worker.py TaskStopSignal in the agent's
// sources): when the server says "stopping" (tasks.stop on a task a worker runs), it ends the
// run, writes the agent's last log line and marks the task stopped; when another client ended
// the task, it just lets go of it. Either way it goes on idle.
import type { DemoClient } from './demo-client.js';
import { machineStats, type MachineProfile } from './machine-stats.js';
import { createRng, mixSeed, seedFromString } from './random.js';

/** How often clearml-agent reports (its default machine update interval). */
export const AGENT_REPORT_EVERY_MS = 30_000;
/** Seconds without a report before the server forgets a worker (the agent's registration timeout). */
const WORKER_TIMEOUT_S = 600;
/** What real servers put in status_message while a worker is asked to stop (the agent looks for it). */
const STOPPING_MESSAGE = 'stopping';

export interface SimulatedWorker {
  /** The worker id (the agent's `<host>:<n>` or --worker-id). */
  id: string;
  profile: MachineProfile;
  /** Queue ids it listens to. */
  queues: string[];
  /** The task it runs; none when idle. */
  task?: string | undefined;
  /** Whose key pair the agent on it runs with (the person whose runs it serves); default the shared client. */
  client?: WorkerClient | undefined;
}

export interface SimulatedWorkersOptions {
  signal: AbortSignal;
  /** The demo's clock (epoch ms): reports are paced on it, not on the timers. */
  now: () => number;
  /** Real ms between two looks at the clock and the tasks (default 1000). */
  pollMs?: number;
  /** Demo-clock ms between two reports of a worker (default AGENT_REPORT_EVERY_MS). */
  reportEveryMs?: number;
  /** Ends a task's simulated run: resolves once nothing more is being written for it. */
  endRun(taskId: string): Promise<void>;
  log?: (message: string) => void;
  seed?: number;
}

export interface SimulatedWorkersStats {
  /** Looks at the clock and the tasks done so far. */
  ticks: number;
  reports: number;
  failedCalls: number;
  /** Tasks a worker stopped after the server asked it to. */
  stopped: string[];
}

export interface SimulatedWorkers {
  /** Resolves once the signal has aborted and every worker has unregistered (or failed to). */
  done: Promise<void>;
  stats(): SimulatedWorkersStats;
}

type WorkerClient = Pick<DemoClient, 'workers' | 'tasks' | 'events'>;

interface WorkerState {
  worker: SimulatedWorker;
  rng: ReturnType<typeof createRng>;
  /** Demo-clock time of the last report; undefined before the first. */
  lastReport: number | undefined;
}

/** Registers the workers, then keeps them reporting until `opts.signal` aborts. */
export function startSimulatedWorkers(
  client: WorkerClient,
  workers: readonly SimulatedWorker[],
  opts: SimulatedWorkersOptions,
): SimulatedWorkers {
  const pollMs = Math.max(1, opts.pollMs ?? 1000);
  const reportEveryMs = opts.reportEveryMs ?? AGENT_REPORT_EVERY_MS;
  const log = opts.log ?? (() => undefined);
  const seed = opts.seed ?? 1;
  const stats: SimulatedWorkersStats = { ticks: 0, reports: 0, failedCalls: 0, stopped: [] };
  const states: WorkerState[] = workers.map((worker) => ({
    worker: { ...worker, queues: [...worker.queues] },
    rng: createRng(mixSeed(seed, seedFromString(worker.id))),
    lastReport: undefined,
  }));

  const failed = (what: string, error: unknown): void => {
    stats.failedCalls += 1;
    // One line per kind of failure would still flood a long outage: log the first few only.
    if (stats.failedCalls <= 3)
      log(`demo: simulated worker ${what} failed: ${error instanceof Error ? error.message : String(error)}`);
  };

  const report = async (state: WorkerState): Promise<void> => {
    const now = opts.now();
    const { worker } = state;
    try {
      await (worker.client ?? client).workers.statusReport({
        worker: worker.id,
        timestamp: now,
        machine_stats: machineStats(worker.profile, worker.task !== undefined, state.rng),
        queues: worker.queues,
        ...(worker.task === undefined ? {} : { task: worker.task }),
      });
      state.lastReport = now;
      stats.reports += 1;
    } catch (error) {
      failed(`${worker.id} report`, error);
    }
  };

  const stopRun = async (state: WorkerState, task: string, iter: number): Promise<void> => {
    await opts.endRun(task);
    // The agent logs this line, then marks the task stopped (worker.py, TaskStopReason.stopped).
    const own = state.worker.client ?? client;
    await own.events.addBatch([
      {
        type: 'log',
        task,
        iter,
        timestamp: Date.now(),
        level: 'info',
        msg: 'Process aborted by user',
        worker: state.worker.id,
      },
    ]);
    await own.tasks.stopped({ task, status_reason: 'task was stopped by tasks.stop' });
    stats.stopped.push(task);
    log(`demo: ${state.worker.id} stopped its task as asked`);
  };

  /** Lets go of tasks the server no longer has running, stopping those it was asked to stop. */
  const watchTasks = async (): Promise<void> => {
    const busy = states.filter((s) => s.worker.task !== undefined);
    if (busy.length === 0) return;
    let tasks;
    try {
      ({ tasks } = await client.tasks.getAllEx({
        id: busy.map((s) => s.worker.task as string),
        only_fields: ['id', 'status', 'status_message', 'last_iteration'],
      }));
    } catch (error) {
      failed('task status read', error);
      return;
    }
    for (const state of busy) {
      const task = tasks.find((t) => t.id === state.worker.task);
      if (task === undefined || task.status === undefined) continue;
      const stopping = task.status === 'in_progress' && (task.status_message ?? '').includes(STOPPING_MESSAGE);
      if (task.status === 'in_progress' && !stopping) continue;
      try {
        if (stopping) await stopRun(state, task.id, task.last_iteration ?? 0);
        else await opts.endRun(task.id);
      } catch (error) {
        failed(`${state.worker.id} stop`, error);
        continue;
      }
      state.worker.task = undefined;
      // An idle machine at once, as the agent reports when its task ends.
      state.lastReport = undefined;
    }
  };

  const tick = async (): Promise<void> => {
    await watchTasks();
    const now = opts.now();
    await Promise.all(
      states.filter((s) => s.lastReport === undefined || now - s.lastReport >= reportEveryMs).map((s) => report(s)),
    );
    stats.ticks += 1;
  };

  const register = async (): Promise<void> => {
    await Promise.all(
      states.map(async ({ worker }) => {
        try {
          await (worker.client ?? client).workers.register({
            worker: worker.id,
            timeout: WORKER_TIMEOUT_S,
            queues: worker.queues,
          });
        } catch (error) {
          failed(`${worker.id} registration`, error);
        }
      }),
    );
  };

  const unregister = async (): Promise<void> => {
    await Promise.all(
      states.map(async ({ worker }) => {
        try {
          await (worker.client ?? client).workers.unregister({ worker: worker.id });
        } catch (error) {
          failed(`${worker.id} unregistration`, error);
        }
      }),
    );
  };

  const done = (async () => {
    const aborted = new Promise<void>((resolve) => {
      if (opts.signal.aborted) resolve();
      else opts.signal.addEventListener('abort', () => resolve(), { once: true });
    });
    if (opts.signal.aborted) return;
    await register();
    while (!opts.signal.aborted) {
      try {
        await tick();
      } catch (error) {
        // tick handles its calls' failures; this only keeps a bug from killing the process.
        failed('tick', error);
      }
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([aborted, new Promise<void>((resolve) => (timer = setTimeout(resolve, pollMs)))]);
      clearTimeout(timer);
    }
    await unregister();
  })();

  return { done, stats: () => ({ ...stats, stopped: [...stats.stopped] }) };
}
