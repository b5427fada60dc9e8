// Seeds a server with the demo data through its HTTP API: projects, tasks in every status
// with history, configuration, debug images, artifacts and output models, the 50,000-line
// log and the reports.
import type { EventInput } from '../wire/events.js';
import { scalarsAt, type RunShape } from './curves.js';
import { bigLogEvents } from './big-log.js';
import type { DemoClient } from './demo-client.js';
import type { DemoClock } from './demo-clock.js';
import { failureMessage } from './failures.js';
import { abortLines, crashLines, finishLines, IterationLines, startupLines, type LogLine } from './log-lines.js';
import {
  DEMO_PROJECTS,
  ownerOf,
  REPORT_PLANS,
  REPORT_TASK_KEYS,
  TASK_PLANS,
  type DemoStatus,
  type DemoUserKey,
  type ProjectKey,
  type ReportPlan,
  type TaskPlan,
} from './plan.js';
import { createRng, mixSeed, seedFromString } from './random.js';
import type { ReportBodyContext, ReportTaskIds } from './report-bodies.js';
import { runFacts, type RunFacts } from './report-facts.js';
import {
  iterationEvents,
  lastLogMessage,
  logContext,
  logEvents,
  singleValueEvents,
  summaryValues,
  type SimulatedRun,
} from './simulated-run.js';
import { uploadHistoryImages, writeArtifacts, writeRunConfig } from './seed-task.js';
import { createFileUploader } from './uploads.js';
import { DEFAULT_CHUNK_LIMITS, writeEvents, type ChunkLimits } from './write-events.js';

export const BIG_LOG_LINES = 50_000;
export const DEFAULT_SEED = 20_250_101;

export interface SeedOptions {
  /** The server's base URL, used in debug-image URLs and report widget links. */
  baseUrl: string;
  /** "Now" in epoch ms (default Date.now()); history is placed before it. */
  now?: number;
  seed?: number;
  /** Lines of the long log (default 50,000). */
  bigLogLines?: number;
  chunk?: ChunkLimits;
  log?: (message: string) => void;
  /**
   * The embedded server's clock: set to each run's own past while it is seeded, so its
   * created, started, last update and completed times agree with its log. Without it (a
   * server of another process) they are the time of seeding.
   */
  clock?: Pick<DemoClock, 'set'>;
  /**
   * Each demo user's client (logged in with their own key pair): their tasks and reports are
   * written through it, so the server records them as the owner. Missing ones write through
   * `client`.
   */
  clients?: Partial<Record<DemoUserKey, DemoClient>>;
}

export interface SeededTask {
  id: string;
  key: string;
  name: string;
  projectId: string;
  status: DemoStatus;
  /** Who runs it: the live runs write through this user's client. */
  owner: DemoUserKey;
  run: SimulatedRun;
  /** The first iteration not yet reported. */
  nextIter: number;
}

export interface SeededReport {
  id: string;
  name: string;
  projectId: string;
  tags: string[];
  published: boolean;
  archived: boolean;
}

export interface SeedResult {
  /** Project name → id. */
  projects: Record<string, string>;
  tasks: SeededTask[];
  /** The running tasks, for startLiveRuns. */
  live: SeededTask[];
  bigLogTask: SeededTask;
  bigLogLines: number;
  reports: SeededReport[];
  modelIds: string[];
  eventsWritten: number;
  /** events.add_batch requests that wrote them. */
  eventRequests: number;
  elapsedMs: number;
}

const ITERS_PER_EPOCH: Record<SimulatedRun['shape']['kind'], number> = { vision: 25, nlp: 40, rl: 20 };

export function runForPlan(plan: TaskPlan, taskId: string, baseUrl: string, seed: number): SimulatedRun {
  const shape: RunShape = {
    kind: plan.kind,
    seed: mixSeed(seed, seedFromString(plan.key)),
    totalIters: plan.totalIters,
    warmupIters: Math.max(1, Math.round(Math.min(plan.totalIters, 300) * 0.05)),
    baseLr: plan.lr ?? (plan.kind === 'vision' ? 0.4 : plan.kind === 'nlp' ? 2e-5 : 3e-4),
    valEvery: 5,
    difficulty: plan.difficulty,
  };
  if (plan.dataset !== undefined) shape.dataset = plan.dataset;
  const run: SimulatedRun = {
    taskId,
    name: plan.name,
    shape,
    itersPerEpoch: ITERS_PER_EPOCH[plan.kind],
    plotEvery: 25,
    imageEvery: 10,
    // The embedded server's files host lives under /files (src/server/files/files-http.ts).
    filesBaseUrl: `${baseUrl.replace(/\/+$/, '')}/files`,
    worker: `demo-${plan.project}-gpu0${seedFromString(plan.key) % 8}`,
  };
  if (plan.setup !== undefined) run.setup = plan.setup;
  return run;
}

/** When a planned run was created, started, and wrote its last event (all epoch ms). */
interface PlanTimes {
  createdMs: number;
  startMs: number;
  msPerIter: number;
  /** The last iteration's events; the closing log lines follow within a second. */
  endMs: number;
  /** When its status changed at the end (after its last log line). */
  doneMs: number;
}

function planTimes(plan: TaskPlan, endMs: number): PlanTimes {
  const msPerIter = Math.max(1, Math.floor(plan.durationMs / (plan.iterations + 1)));
  const startMs = endMs - msPerIter * (plan.iterations + 1);
  // Queued for a few minutes before a worker took it.
  return { createdMs: startMs - 4 * 60_000, startMs, msPerIter, endMs, doneMs: endMs + 1000 };
}

function closingLines(plan: TaskPlan, run: SimulatedRun, lastIter: number): LogLine[] {
  const ctx = logContext(run, lastIter, scalarsAt(run.shape, lastIter));
  switch (plan.status) {
    case 'completed':
    case 'published':
      return finishLines(ctx);
    case 'failed':
      return crashLines(ctx, plan.failure ?? 'oom');
    case 'stopped':
      return abortLines(ctx);
    case 'created':
    case 'in_progress':
      return [];
  }
}

/** Every event of a task's seeded history (none for a draft), in time order per kind. */
export function* taskHistory(
  plan: TaskPlan,
  run: SimulatedRun,
  endMs: number,
  bigLogLines: number,
): Generator<EventInput> {
  // A draft (cloned, never run) has no events.
  if (plan.status === 'created') return;
  const rng = createRng(run.shape.seed);
  const { msPerIter, startMs } = planTimes(plan, endMs);
  if (plan.bigLog !== true) {
    yield* logEvents(
      run.taskId,
      0,
      startMs,
      startupLines(rng, logContext(run, 0, scalarsAt(run.shape, 0))),
      rng,
      run.worker,
    );
  }
  let previous: string | undefined;
  // What the last iteration printed: the closing lines do not print its metrics line again.
  const lastSaid = new IterationLines();
  for (let iter = 0; iter < plan.iterations; iter += 1) {
    const logLines = plan.bigLog === true ? 0 : rng.int(0, 3);
    const events = iterationEvents(run, iter, startMs + (iter + 1) * msPerIter, rng, {
      logLines,
      burst: { errorChance: 0.02, multilineChance: 0.1, previous },
    });
    previous = lastLogMessage(events, previous);
    if (iter === plan.iterations - 1)
      for (const event of events) if (event.type === 'log' && typeof event.msg === 'string') lastSaid.add(event.msg);
    yield* events;
  }
  const lastIter = Math.max(0, plan.iterations - 1);
  if (plan.bigLog === true) {
    yield* bigLogEvents({
      task: run.taskId,
      taskName: run.name,
      shape: run.shape,
      lines: bigLogLines,
      startMs,
      spanMs: endMs - startMs,
      seed: mixSeed(run.shape.seed, 7),
      worker: run.worker,
      itersPerEpoch: run.itersPerEpoch,
      iterations: plan.iterations,
    });
  } else {
    const closing = closingLines(plan, run, lastIter).filter(
      (line) => line.msg !== previous && !lastSaid.has(line.msg),
    );
    yield* logEvents(run.taskId, lastIter, endMs + 1, closing, rng, run.worker);
  }
  yield* singleValueEvents(
    run.taskId,
    endMs,
    summaryValues({ ...run, startedMs: startMs }, lastIter, endMs),
    run.worker,
  );
}

async function applyStatus(client: DemoClient, plan: TaskPlan, task: string): Promise<void> {
  switch (plan.status) {
    case 'created':
    case 'in_progress':
      return;
    case 'completed':
      await client.tasks.completed({ task });
      return;
    case 'published':
      await client.tasks.completed({ task });
      await client.tasks.publish({ task });
      return;
    case 'failed':
      await client.tasks.failed({
        task,
        status_reason: 'exception',
        status_message: failureMessage(plan.failure ?? 'oom'),
      });
      return;
    case 'stopped':
      await client.tasks.stopped({ task, status_reason: 'stopped by user' });
      return;
  }
}

async function seedReport(
  client: DemoClient,
  plan: ReportPlan,
  projectId: string,
  context: ReportBodyContext,
): Promise<SeededReport> {
  const { id } = await client.reports.create({
    name: plan.name,
    project: projectId,
    tags: plan.tags,
    comment: plan.comment,
  });
  // Real servers ignore `report` on create: the body goes in with update.
  await client.reports.update({ task: id, report: plan.body(context) });
  if (plan.publish === true) await client.reports.publish({ task: id, message: 'reviewed', comment: 'reviewed' });
  if (plan.archive === true) await client.reports.archive({ task: id, message: 'superseded', comment: 'superseded' });
  return {
    id,
    name: plan.name,
    projectId,
    tags: [...plan.tags],
    published: plan.publish === true,
    archived: plan.archive === true,
  };
}

/** Seeds the demo data. Rejects on the first failed request (the server is expected to be fresh). */
export async function seedDemo(client: DemoClient, opts: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const now = opts.now ?? Date.now();
  const seed = opts.seed ?? DEFAULT_SEED;
  const bigLogLines = opts.bigLogLines ?? BIG_LOG_LINES;
  const chunk = opts.chunk ?? DEFAULT_CHUNK_LIMITS;
  const baseUrl = opts.baseUrl.replace(/\/+$/, '');

  const projectIds = {} as Record<ProjectKey, string>;
  const projects: Record<string, string> = {};
  for (const [key, name] of Object.entries(DEMO_PROJECTS) as [ProjectKey, string][]) {
    const { id } = await client.projects.create({ name, description: `tracktop demo: ${name}` });
    projectIds[key] = id;
    projects[name] = id;
  }

  const tasks: SeededTask[] = [];
  const modelIds: string[] = [];
  let eventsWritten = 0;
  let eventRequests = 0;
  const clock = opts.clock;
  const clientOf = (owner: DemoUserKey): DemoClient => opts.clients?.[owner] ?? client;
  const facts = new Map<string, RunFacts>();
  try {
    for (const plan of TASK_PLANS) {
      const owner = ownerOf(plan);
      const writer = clientOf(owner);
      // The embedded server's files host lives under /files (src/server/files/files-http.ts).
      const upload = createFileUploader(writer, `${baseUrl}/files`);
      const projectId = projectIds[plan.project];
      const times = planTimes(plan, now - plan.endedAgoMs - 1000);
      clock?.set(plan.status === 'created' ? times.endMs : times.createdMs);
      const { id } = await writer.tasks.create({
        name: plan.name,
        type: 'training',
        project: projectId,
        comment: plan.comment,
        tags: plan.tags,
      });
      const run = runForPlan(plan, id, baseUrl, seed);
      if (plan.status !== 'created') run.startedMs = times.startMs;
      await writeRunConfig(writer, plan, run);
      clock?.set(times.startMs);
      if (plan.status !== 'created') await writer.tasks.started({ task: id });
      clock?.set(times.endMs);
      // The images first: an event points at a file that is already stored, as the SDK's do.
      if (plan.status !== 'created') await uploadHistoryImages(upload, run, plan.iterations);
      const written = await writeEvents(writer, taskHistory(plan, run, times.endMs, bigLogLines), chunk);
      if (written.errors > 0)
        opts.log?.(
          `demo: ${written.errors} events of ${plan.name} were refused: ${JSON.stringify(written.errorsInfo)}`,
        );
      eventsWritten += written.added;
      eventRequests += written.requests;
      clock?.set(times.doneMs);
      if (plan.status === 'completed' || plan.status === 'published')
        await writeArtifacts(writer, upload, plan, run, { summaryMs: times.endMs, doneMs: times.doneMs });
      if (plan.model === true) {
        const model = await writer.models.create({
          name: `${plan.name} final`,
          uri: `file:///checkpoints/${plan.name}/final.pt`,
          project: projectId,
          task: id,
          ready: plan.status === 'published',
          comment: `output of ${plan.name}`,
        });
        modelIds.push(model.id);
      }
      // Published tasks are locked, so their events are written before the status changes.
      await applyStatus(writer, plan, id);
      facts.set(
        plan.key,
        runFacts(run, {
          lastIter: plan.iterations - 1,
          running: plan.status === 'in_progress',
          summaryMs: times.endMs,
          ...(plan.args === undefined ? {} : { extraArgs: plan.args }),
        }),
      );
      tasks.push({
        id,
        key: plan.key,
        name: plan.name,
        projectId,
        status: plan.status,
        owner,
        run,
        // A draft has reported nothing.
        nextIter: plan.status === 'created' ? 0 : plan.iterations,
      });
    }
  } finally {
    clock?.set(undefined);
  }

  const byKey = new Map(tasks.map((t) => [t.key, t.id]));
  const ids = {} as ReportTaskIds;
  const reportFacts = {} as Record<keyof ReportTaskIds, RunFacts>;
  for (const key of REPORT_TASK_KEYS) {
    const id = byKey.get(key);
    const known = facts.get(key);
    if (id === undefined || known === undefined) throw new Error(`demo plan has no task "${key}" for its reports`);
    ids[key] = id;
    reportFacts[key] = known;
  }
  const context: ReportBodyContext = { baseUrl, tasks: ids, facts: reportFacts, bigLogLines };
  const reports: SeededReport[] = [];
  for (const plan of REPORT_PLANS) {
    reports.push(await seedReport(clientOf(ownerOf(plan)), plan, projectIds[plan.project], context));
  }

  const bigLogTask = tasks.find((t) => TASK_PLANS.find((p) => p.key === t.key)?.bigLog === true);
  if (bigLogTask === undefined) throw new Error('demo plan has no task with the long log');
  const elapsedMs = Math.round(performance.now() - started);
  opts.log?.(
    `demo: seeded ${tasks.length} tasks, ${reports.length} reports and ${eventsWritten} events in ${elapsedMs} ms`,
  );
  return {
    projects,
    tasks,
    live: tasks.filter((t) => t.status === 'in_progress'),
    bigLogTask,
    bigLogLines,
    reports,
    modelIds,
    eventsWritten,
    eventRequests,
    elapsedMs,
  };
}
