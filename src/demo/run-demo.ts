// `tracktop demo` and `tracktop serve --demo`: the embedded server with seeded demo data, its
// queues, and three live runs on simulated workers (one more idle), all written through the
// HTTP client like real reporting scripts and agents.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '../api/index.js';
import { startServer } from '../server/index.js';
import { demoWorkers, enqueueDrafts, ensureQueues } from './cluster.js';
import type { DemoClient } from './demo-client.js';
import { createDemoClock } from './demo-clock.js';
import { demoUserPairs, demoUsersFilePath, type DemoUserPair } from './demo-users.js';
import { startLiveRuns, type LiveRunResume, type LiveRuns } from './live-runs.js';
import type { DemoUserKey } from './plan.js';
import { findExistingDemo } from './resume.js';
import { DEFAULT_SEED, seedDemo, type SeedResult } from './seed.js';
import { startSimulatedWorkers, type SimulatedWorkers } from './simulated-workers.js';

export interface RunDemoOptions {
  /** SQLite file; default a fresh file in a temp directory that is removed on stop. */
  dbPath?: string;
  /** Default 0 (any free port). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Aborting it stops the demo (as stop() does). */
  signal: AbortSignal;
  log: (message: string) => void;
  accessKey?: string;
  secretKey?: string;
  /** Mean time between live-run ticks (default 1500 ms). */
  intervalMs?: number;
  seed?: number;
  /** Lines of the long log (default 50,000). */
  bigLogLines?: number;
  /** The real time of the demo's clock (default Date.now): tests move it to pace the workers. */
  now?: () => number;
  /** Real ms between two looks of the simulated workers at the clock and their tasks (default 1000). */
  workerPollMs?: number;
}

export interface RunningDemo {
  url: string;
  credentials: { accessKey: string; secretKey: string };
  /** True when this start generated the key pair (print it once, then never again). */
  credentialsCreated: boolean;
  dbPath: string;
  /** The file holding the key pair (beside the database), when the pair was not given. */
  credentialsFile: string | undefined;
  /** The demo's people and their key pairs: each one's tasks and reports are written through it. */
  users: DemoUserPair[];
  /** The file holding those pairs (beside the database). */
  usersFile: string;
  /** True when the database is a temporary one, removed (with the key file) on stop. */
  temporary: boolean;
  /** The fresh seed, or undefined when an existing demo database was resumed. */
  seeded: SeedResult | undefined;
  liveTaskIds: string[];
  liveRuns: LiveRuns;
  /** The simulated workers running the live runs (and one idle). */
  workers: SimulatedWorkers;
  /** Stops the live runs, the client and the server, and removes a temp database. Idempotent. */
  stop(): Promise<void>;
}

export async function runDemo(opts: RunDemoOptions): Promise<RunningDemo> {
  const tempDir = opts.dbPath === undefined ? await mkdtemp(join(tmpdir(), 'tracktop-demo-')) : undefined;
  const dbPath = opts.dbPath ?? join(tempDir as string, 'demo.db');
  const removeTemp = async (): Promise<void> => {
    if (tempDir !== undefined) await rm(tempDir, { recursive: true, force: true });
  };

  // Seeding stamps each run's own past; afterwards the server keeps the real time.
  const clock = createDemoClock(opts.now);
  let server;
  try {
    server = await startServer({
      now: clock.now,
      host: opts.host ?? '127.0.0.1',
      port: opts.port ?? 0,
      dbPath,
      accessKey: opts.accessKey,
      secretKey: opts.secretKey,
      log: opts.log,
    });
  } catch (error) {
    await removeTemp();
    throw error;
  }
  const running = server;
  const client = createClient({
    apiHost: running.url,
    accessKey: running.credentials.accessKey,
    secretKey: running.credentials.secretKey,
    worker: 'tracktop-demo',
  });
  const userClients: Partial<Record<DemoUserKey, ReturnType<typeof createClient>>> = {};
  const closeClients = async (): Promise<void> => {
    await Promise.all([client, ...Object.values(userClients)].map((c) => c.close()));
  };
  const closeAll = async (): Promise<void> => {
    await closeClients();
    await running.close();
    await removeTemp();
  };
  let users: DemoUserPair[];
  try {
    users = demoUserPairs(running.db, dbPath, Date.now());
    for (const user of users) {
      userClients[user.key] = createClient({
        apiHost: running.url,
        accessKey: user.accessKey,
        secretKey: user.secretKey,
        worker: 'tracktop-demo',
      });
    }
    // Each logs in now, at the real time: seeding then stamps writes with each run's past.
    await Promise.all(Object.values(userClients).map((c) => c.bearerToken()));
  } catch (error) {
    await closeAll();
    throw error;
  }
  const clients: Partial<Record<DemoUserKey, DemoClient>> = userClients;

  const seed = opts.seed ?? DEFAULT_SEED;
  let seeded: SeedResult | undefined;
  let liveTaskIds: string[];
  let resume: Record<string, LiveRunResume>;
  let queueIds: Record<string, string>;
  try {
    const existing = await findExistingDemo(client, running.url, seed);
    if (existing === undefined) {
      seeded = await seedDemo(client, {
        baseUrl: running.url,
        seed,
        bigLogLines: opts.bigLogLines,
        log: opts.log,
        clock,
        clients,
      });
      liveTaskIds = seeded.live.map((t) => t.id);
      resume = Object.fromEntries(seeded.live.map((t) => [t.id, { run: t.run, nextIter: t.nextIter, owner: t.owner }]));
      queueIds = await ensureQueues(client);
      await enqueueDrafts(
        client,
        seeded.tasks.filter((t) => t.status === 'created'),
        queueIds,
        clock,
      );
    } else {
      opts.log(`demo: resuming ${existing.taskIds.length} running tasks in ${dbPath}`);
      liveTaskIds = existing.taskIds;
      resume = existing.resume;
      queueIds = await ensureQueues(client);
    }
  } catch (error) {
    await closeAll();
    throw error;
  }

  const liveStop = new AbortController();
  const liveRuns = startLiveRuns(client, liveTaskIds, {
    signal: liveStop.signal,
    intervalMs: opts.intervalMs,
    log: opts.log,
    resume,
    filesBaseUrl: `${running.url.replace(/\/+$/, '')}/files`,
    seed,
    clients,
  });
  const runs = liveTaskIds.flatMap((id) => {
    const run = resume[id]?.run;
    return run === undefined ? [] : [run];
  });
  // Each machine's agent runs with the key pair of the person whose run it serves, as on a
  // team's cluster; the idle one with the first user's.
  const firstUser = Object.values(clients)[0];
  const ownedWorkers = demoWorkers(runs, queueIds).map((worker) => {
    const owner = worker.task === undefined ? undefined : resume[worker.task]?.owner;
    return { ...worker, client: (owner === undefined ? undefined : clients[owner]) ?? firstUser };
  });
  const workers = startSimulatedWorkers(client, ownedWorkers, {
    signal: liveStop.signal,
    now: clock.now,
    pollMs: opts.workerPollMs,
    endRun: (taskId) => liveRuns.end(taskId),
    log: opts.log,
    seed,
  });

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      opts.signal.removeEventListener('abort', onAbort);
      liveStop.abort();
      await liveRuns.done;
      // The workers unregister before the server goes.
      await workers.done;
      await closeAll();
    })();
    return stopping;
  };
  const onAbort = (): void => {
    stop().catch((error: unknown) =>
      opts.log(`demo: stopping failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  };
  if (opts.signal.aborted) onAbort();
  else opts.signal.addEventListener('abort', onAbort);

  return {
    url: running.url,
    credentials: { ...running.credentials },
    credentialsCreated: running.credentialsCreated,
    dbPath,
    credentialsFile: running.credentialsFile,
    users,
    usersFile: demoUsersFilePath(dbPath),
    temporary: tempDir !== undefined,
    seeded,
    liveTaskIds,
    liveRuns,
    workers,
    stop,
  };
}

/**
 * Where the demo's server is and how to reach it (curl, `tracktop export`): its address, its
 * access key and the file holding the secret, printed before the monitor starts and again when
 * it ends (`ended`).
 */
export function demoAddress(demo: RunningDemo, ended = false): string[] {
  const secret =
    demo.credentialsFile === undefined
      ? 'the secret key is the one given with --secret-key or TRACKTOP_SECRET_KEY'
      : `the secret key is in ${demo.credentialsFile}`;
  const keep = demo.temporary
    ? ended
      ? 'its temporary database and key file are removed'
      : 'both are removed when the demo ends (--db PATH keeps them)'
    : `run \`tracktop demo --db ${demo.dbPath}\` to resume it`;
  return [
    `tracktop demo ${ended ? 'was' : 'is'} at ${demo.url} with access key ${demo.credentials.accessKey}`,
    `  ${secret}; ${keep}`,
  ];
}
