// Running tasks that keep reporting while the demo runs: every tick (jittered) each reports
// its next iteration's scalars, a burst of log lines and now and then plots, debug images and
// single values; a debug image's PNG is stored on the files host before its event is sent.
// Writes that fail stay queued (bounded) and are retried on the next tick.
import type { EventInput } from '../wire/events.js';
import type { RunKind, RunShape } from './curves.js';
import type { DemoClient } from './demo-client.js';
import type { DemoUserKey } from './plan.js';
import { createRng, mixSeed, seedFromString } from './random.js';
import { debugImageKey, iterationEvents, lastLogMessage, type SimulatedRun } from './simulated-run.js';
import { createFileUploader, uploadDebugImage, type FileUploader, type ImageUpload } from './uploads.js';
import { chunkEvents, DEFAULT_CHUNK_LIMITS } from './write-events.js';

export interface LiveRunResume {
  run: SimulatedRun;
  nextIter: number;
  /** Who runs it: its writes go through this user's client (see `clients`). */
  owner?: DemoUserKey;
}

export interface LiveRunOptions {
  signal: AbortSignal;
  /** Mean time between ticks (default 1500 ms); each wait is jittered by ±`jitter`. */
  intervalMs?: number;
  /** Fraction of intervalMs (default 0.3). */
  jitter?: number;
  log?: (message: string) => void;
  /** Where each task resumes (its seeded run and next iteration). Others start at 0 as generic runs. */
  resume?: Readonly<Record<string, LiveRunResume>>;
  /** The files host (the server's URL) of runs not in `resume`: their debug images are stored there. */
  filesBaseUrl: string;
  seed?: number;
  /** Each demo user's client: a run with an owner writes through its owner's (else through `client`). */
  clients?: Partial<Record<DemoUserKey, DemoClient>>;
  /** Queued events kept per run while the server refuses writes; the oldest are dropped beyond it (default 20,000). */
  maxPendingEvents?: number;
}

export interface LiveRunStats {
  ticks: number;
  eventsWritten: number;
  failedWrites: number;
  droppedEvents: number;
  /** Events waiting to be written after failed writes. */
  queuedEvents: number;
  /** Next iteration per task id. */
  nextIter: Record<string, number>;
}

export interface LiveRuns {
  /** Resolves once the signal has aborted and no write is in flight; no timer is left behind. */
  done: Promise<void>;
  stats(): LiveRunStats;
  /**
   * Ends a task's run as a killed training script ends (its worker stopped it): nothing more is
   * written for it. Resolves once no write of the current tick is in flight.
   */
  end(taskId: string): Promise<void>;
}

const KINDS: readonly RunKind[] = ['vision', 'nlp', 'rl'];

function genericRun(taskId: string, index: number, baseUrl: string, seed: number): SimulatedRun {
  const kind = KINDS[index % KINDS.length] ?? 'vision';
  const shape: RunShape = {
    kind,
    seed: mixSeed(seed, seedFromString(taskId)),
    totalIters: 20_000,
    warmupIters: 15,
    baseLr: kind === 'nlp' ? 2e-5 : 3e-4,
    valEvery: 5,
    difficulty: 0.3,
  };
  return {
    taskId,
    name: `live-${index + 1}`,
    shape,
    itersPerEpoch: 25,
    plotEvery: 25,
    imageEvery: 10,
    filesBaseUrl: baseUrl,
    worker: `demo-live-${index + 1}`,
    startedMs: Date.now(),
  };
}

interface RunState {
  run: SimulatedRun;
  /** Its owner's client: every write of the run goes through it. */
  client: DemoClient;
  nextIter: number;
  rng: ReturnType<typeof createRng>;
  pending: EventInput[];
  /** Images to store before the pending events that point at them, by files-host key (the newest per name). */
  images: Map<string, ImageUpload>;
  upload: FileUploader;
  consecutiveFailures: number;
  /** The last log message written, so the next burst does not repeat it. */
  lastLog?: string;
  /** Stopped, aborted or otherwise no longer running on the server: nothing more is written. */
  ended: boolean;
}

/** Starts the live runs; they stop when `opts.signal` aborts. */
export function startLiveRuns(client: DemoClient, taskIds: readonly string[], opts: LiveRunOptions): LiveRuns {
  const intervalMs = Math.max(1, opts.intervalMs ?? 1500);
  const jitter = Math.min(0.9, Math.max(0, opts.jitter ?? 0.3));
  const maxPending = Math.max(100, opts.maxPendingEvents ?? 20_000);
  const seed = opts.seed ?? 1;
  const log = opts.log ?? (() => undefined);
  const timing = createRng(mixSeed(seed, 99));
  const stats = { ticks: 0, eventsWritten: 0, failedWrites: 0, droppedEvents: 0 };

  const states: RunState[] = taskIds.map((taskId, index) => {
    const resume = opts.resume?.[taskId];
    const run = resume?.run ?? genericRun(taskId, index, opts.filesBaseUrl.replace(/\/+$/, ''), seed);
    const writer = (resume?.owner === undefined ? undefined : opts.clients?.[resume.owner]) ?? client;
    return {
      run,
      client: writer,
      nextIter: resume?.nextIter ?? 0,
      rng: createRng(mixSeed(run.shape.seed, 1234)),
      pending: [],
      images: new Map(),
      upload: createFileUploader(writer, run.filesBaseUrl),
      consecutiveFailures: 0,
      ended: false,
    };
  });

  let timer: ReturnType<typeof setTimeout> | undefined;
  let resolveDone: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    resolveDone = resolve;
  });

  const nextDelay = (): number => Math.round(intervalMs * (1 + jitter * (2 * timing.next() - 1)));

  const generate = (state: RunState): void => {
    const iter = state.nextIter;
    const rng = state.rng;
    const now = Date.now();
    const events = iterationEvents(state.run, iter, now, rng, {
      logLines: rng.int(1, 20),
      burst: { errorChance: 0.08, multilineChance: 0.35, previous: state.lastLog },
      forcePlots: rng.chance(0.03),
      forceImages: rng.chance(0.05),
      forceSummary: iter % 20 === 0 || rng.chance(0.05),
    });
    // A burst's lines follow each other by a few milliseconds; they are printed up to now, not
    // after it, so a run stopped after this tick's status read has nothing stamped after its stop.
    const late = Math.max(now, ...events.map((e) => (e.type === 'log' ? (e.timestamp ?? now) : now))) - now;
    for (const event of events) if (event.type === 'log' && event.timestamp !== undefined) event.timestamp -= late;
    state.nextIter = iter + 1;
    state.lastLog = lastLogMessage(events, state.lastLog);
    for (const event of events) {
      if (event.type !== 'training_debug_image') continue;
      const image = { metric: event.metric ?? '', variant: event.variant ?? '', iter: event.iter ?? iter };
      const key = debugImageKey(state.run, image.metric, image.variant, image.iter);
      state.images.set(key, { key, ...image });
    }
    state.pending.push(...events);
    const excess = state.pending.length - maxPending;
    if (excess > 0) {
      state.pending.splice(0, excess);
      stats.droppedEvents += excess;
    }
  };

  const flush = async (state: RunState): Promise<void> => {
    if (!(await storeImages(state))) return;
    // A tick that started writes all it queued (the abort is seen between ticks).
    while (state.pending.length > 0) {
      const chunk = chunkEvents(state.pending, DEFAULT_CHUNK_LIMITS).next().value;
      if (chunk === undefined) return;
      try {
        const response = await state.client.events.addBatch(chunk);
        state.pending.splice(0, chunk.length);
        stats.eventsWritten += response.added;
        if (response.errors > 0)
          log(`demo: ${state.run.name}: ${response.errors} events refused: ${JSON.stringify(response.errors_info)}`);
        if (state.consecutiveFailures > 0)
          log(`demo: ${state.run.name}: writes succeed again after ${state.consecutiveFailures} failures`);
        state.consecutiveFailures = 0;
      } catch (error) {
        failed(state, error);
        return;
      }
    }
  };

  const failed = (state: RunState, error: unknown): void => {
    state.consecutiveFailures += 1;
    stats.failedWrites += 1;
    // Log the 1st, 2nd, 4th, 8th ... failure in a row so a long outage does not flood the log.
    const n = state.consecutiveFailures;
    if ((n & (n - 1)) === 0) {
      const reason = error instanceof Error ? error.message : String(error);
      log(
        `demo: ${state.run.name}: write failed (${n} in a row, ${state.pending.length} events queued, ${stats.droppedEvents} dropped so far, retrying next tick): ${reason}`,
      );
    }
  };

  /** Stores the queued images; false (and counted as a failed write) when one could not be. */
  const storeImages = async (state: RunState): Promise<boolean> => {
    for (const [key, image] of state.images) {
      try {
        await uploadDebugImage(state.upload, state.run, image);
        state.images.delete(key);
      } catch (error) {
        failed(state, error);
        return false;
      }
    }
    return true;
  };

  let finished = false;
  let inFlight = false;
  /** Waiting for the tick in flight to end (end()). */
  const tickEnded: (() => void)[] = [];
  const finish = (): void => {
    if (finished) return;
    finished = true;
    opts.signal.removeEventListener('abort', onAbort);
    resolveDone();
  };
  const onAbort = (): void => {
    if (timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
    // A tick in progress sees the abort when its writes return and resolves `done` then.
    if (!inFlight) finish();
  };

  /**
   * Ends the runs the server no longer has running (`K` aborted one, or another client stopped
   * or completed it), as a training script stops when its task is aborted: queued writes are
   * dropped and nothing more is written. A run asked to stop while a worker reports for it
   * (status still in_progress, message "stopping": src/server/handlers/tasks-triage.ts) is ended
   * by its simulated worker through `end`, as clearml-agent ends the process (simulated-workers.ts).
   * A failed status read leaves every run as it was.
   */
  const endRun = (state: RunState): void => {
    state.ended = true;
    state.pending = [];
    state.images.clear();
  };

  const endStopped = async (): Promise<void> => {
    const live = states.filter((s) => !s.ended);
    if (live.length === 0) return;
    let tasks;
    try {
      ({ tasks } = await client.tasks.getAllEx({
        id: live.map((s) => s.run.taskId),
        only_fields: ['id', 'status', 'status_message'],
      }));
    } catch {
      return;
    }
    for (const task of tasks) {
      const state = live.find((s) => s.run.taskId === task.id);
      if (state === undefined || task.status === undefined || task.status === 'in_progress') continue;
      endRun(state);
      log(`demo: ${state.run.name} is ${task.status}: it writes nothing more`);
    }
  };

  const tick = async (): Promise<void> => {
    timer = undefined;
    inFlight = true;
    try {
      // Events are made before the status is read: a run stopped meanwhile drops them, and what
      // a run does write was stamped before its stop, so its log never goes on after the stop.
      for (const state of states.filter((s) => !s.ended)) generate(state);
      await endStopped();
      await Promise.all(states.filter((s) => !s.ended).map((state) => flush(state)));
      stats.ticks += 1;
    } catch (error) {
      // generate/flush handle their own failures; this only keeps a bug from killing the process.
      log(`demo: live-run tick failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      inFlight = false;
      for (const resolve of tickEnded.splice(0)) resolve();
    }
    if (opts.signal.aborted) finish();
    else timer = setTimeout(() => void tick(), nextDelay());
  };

  if (opts.signal.aborted) {
    finish();
  } else {
    opts.signal.addEventListener('abort', onAbort);
    timer = setTimeout(() => void tick(), 0);
  }

  return {
    done,
    stats: () => ({
      ...stats,
      queuedEvents: states.reduce((sum, s) => sum + s.pending.length, 0),
      nextIter: Object.fromEntries(states.map((s) => [s.run.taskId, s.nextIter])),
    }),
    end(taskId) {
      const state = states.find((s) => s.run.taskId === taskId);
      if (state === undefined || state.ended) return Promise.resolve();
      endRun(state);
      log(`demo: ${state.run.name} was stopped by its worker: it writes nothing more`);
      return inFlight ? new Promise<void>((resolve) => tickEnded.push(resolve)) : Promise.resolve();
    },
  };
}
