// The demo is a newcomer's first impression: its logs must read like one real run each. These
// invariants are checked over everything the demo generates: the seeded history of every
// planned task (the long log included) and a stretch of live iterations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type ApiClient } from '../../src/api/index.js';
import { failureMessage, type FailureKind } from '../../src/demo/failures.js';
import { epochOf, runPace, samplesPerSecond, type RunPace } from '../../src/demo/log-lines.js';
import { TASK_PLANS, type TaskPlan } from '../../src/demo/plan.js';
import { runDemo, type RunningDemo } from '../../src/demo/run-demo.js';
import { createRng } from '../../src/demo/random.js';
import { DEFAULT_SEED, runForPlan, taskHistory } from '../../src/demo/seed.js';
import { iterationEvents, lastLogMessage, type SimulatedRun } from '../../src/demo/simulated-run.js';
import type { EventInput, LogEvent } from '../../src/wire/events.js';

interface Log {
  iter: number;
  msg: string;
}

function logsOf(events: Iterable<EventInput>): Log[] {
  const out: Log[] = [];
  for (const e of events) {
    const event = e as { type?: string; iter?: number; msg?: string };
    if (event.type === 'log' && typeof event.msg === 'string') out.push({ iter: event.iter ?? 0, msg: event.msg });
  }
  return out;
}

const within = (value: number, expected: number, spread: number): boolean =>
  Math.abs(value - expected) <= expected * spread + 0.01;

/** Every broken invariant in one run's log, as readable strings (empty when all hold). */
function problems(run: SimulatedRun, logs: readonly Log[]): string[] {
  const pace: RunPace = runPace(run.name, run.shape.kind);
  const found: string[] = [];
  logs.forEach((log, i) => {
    // The long log numbers its lines (#00042): compare what follows the number.
    const text = log.msg.replace(/^#\d+ /, '');
    const before = logs[i - 1]?.msg.replace(/^#\d+ /, '');
    if (text === before) found.push(`repeated line: ${text}`);
    for (const m of text.matchAll(/dataset shard (\d+) of (\d+)/g))
      if (Number(m[1]) < 1 || Number(m[1]) > Number(m[2])) found.push(`shard out of range: ${m[0]}`);
    for (const m of text.matchAll(/Epoch (\d+): +\d+%\|[^|]*\| (\d+)\/(\d+) \[[^,]*, ([\d.]+)it\/s/g)) {
      if (Number(m[1]) !== epochOf(log.iter, run.itersPerEpoch)) found.push(`epoch ${m[1]} at iteration ${log.iter}`);
      if (Number(m[3]) !== run.itersPerEpoch || Number(m[2]) > Number(m[3])) found.push(`progress ${m[2]}/${m[3]}`);
      if (!within(Number(m[4]), 1 / pace.secondsPerIter, 0.04))
        found.push(`rate ${m[4]}it/s vs ${pace.secondsPerIter}s/it`);
    }
    for (const m of text.matchAll(/\[epoch (\d+)\] iteration (\d+) done in ([\d.]+)s/g)) {
      if (Number(m[1]) !== epochOf(Number(m[2]), run.itersPerEpoch) || Number(m[2]) !== log.iter)
        found.push(`epoch/iteration mismatch: ${m[0]} (event iteration ${log.iter})`);
      if (!within(Number(m[3]), pace.secondsPerIter, 0.06)) found.push(`iteration time ${m[3]}s`);
    }
    for (const m of text.matchAll(/throughput (\d+) samples\/s on (\d+) GPUs?/g)) {
      if (Number(m[2]) !== pace.gpus) found.push(`throughput on ${m[2]} GPUs, run has ${pace.gpus}`);
      if (!within(Number(m[1]), samplesPerSecond(pace), 0.05)) found.push(`throughput ${m[1]} samples/s`);
    }
    for (const m of text.matchAll(/CUDA devices: (\d+) x/g))
      if (Number(m[1]) !== pace.gpus) found.push(`banner says ${m[1]} GPUs, run has ${pace.gpus}`);
  });
  return found;
}

describe('demo logs read like real runs', () => {
  it('holds in the seeded history of every planned task, the long log included', () => {
    for (const [i, plan] of TASK_PLANS.entries()) {
      const run = runForPlan(plan, `task${i}`, 'http://127.0.0.1:1', DEFAULT_SEED);
      const events = [...taskHistory(plan, run, Date.UTC(2026, 0, 1), 5000)];
      // A draft was never run: no log, no scalars, no images.
      if (plan.status === 'created') {
        expect(events, plan.name).toEqual([]);
        continue;
      }
      const logs = logsOf(events);
      expect(logs.length, plan.name).toBeGreaterThan(0);
      expect(problems(run, logs), plan.name).toEqual([]);
      // The summary's training time agrees with the pace the log shows.
      const hours = events.find((e) => (e as { variant?: string }).variant === 'train_hours') as
        { value: number } | undefined;
      if (hours !== undefined) {
        const lastIter = Math.max(0, plan.iterations - 1);
        const expected = ((lastIter + 1) * runPace(run.name, run.shape.kind).secondsPerIter) / 3600;
        expect(hours.value, plan.name).toBeCloseTo(expected, 3);
      }
    }
  });

  it('holds over live iterations of the running tasks, bursts of up to 20 lines', () => {
    for (const [i, plan] of TASK_PLANS.filter((p) => p.status === 'in_progress').entries()) {
      const run = runForPlan(plan, `live${i}`, 'http://127.0.0.1:1', DEFAULT_SEED);
      const rng = createRng(i + 1);
      const events: EventInput[] = [];
      let previous: string | undefined;
      for (let iter = plan.iterations; iter < plan.iterations + 300; iter += 1) {
        const batch = iterationEvents(run, iter, Date.UTC(2026, 0, 1) + iter * 1000, rng, {
          logLines: rng.int(1, 20),
          burst: { errorChance: 0.08, multilineChance: 0.35, previous },
        });
        previous = lastLogMessage(batch, previous);
        events.push(...batch);
      }
      expect(problems(run, logsOf(events)), plan.name).toEqual([]);
    }
  });

  it('finds the faults it looks for (the check itself can fail)', () => {
    const plan = TASK_PLANS[0];
    if (plan === undefined) throw new Error('no plans');
    const run = runForPlan(plan, 't', 'http://127.0.0.1:1', DEFAULT_SEED);
    const bad = problems(run, [
      { iter: 3, msg: 'INFO data: dataset shard 568 of 64 loaded from cache' },
      { iter: 3, msg: 'INFO data: dataset shard 568 of 64 loaded from cache' },
      { iter: 3, msg: `[epoch 9] iteration 3 done in ${runPace(run.name, run.shape.kind).secondsPerIter}s` },
    ]);
    expect(bad).toEqual([
      'shard out of range: dataset shard 568 of 64',
      'repeated line: INFO data: dataset shard 568 of 64 loaded from cache',
      'shard out of range: dataset shard 568 of 64',
      'epoch/iteration mismatch: [epoch 9] iteration 3 done in ' +
        `${runPace(run.name, run.shape.kind).secondsPerIter}s (event iteration 3)`,
    ]);
  });
});

// The served demo as a newcomer reads it: what run info, the plots pane, the reports and
// `export images` show must agree with each run's log. Against the real demo (embedded
// server, seeding through HTTP, its clock, the files host), live runs slowed down.
describe('the served demo never contradicts itself', () => {
  let demo: RunningDemo;
  let client: ApiClient;
  const signal = new AbortController();

  beforeAll(async () => {
    demo = await runDemo({ signal: signal.signal, log: () => undefined, intervalMs: 60_000, bigLogLines: 2000 });
    client = createClient({ apiHost: demo.url, ...demo.credentials });
  }, 120_000);

  afterAll(async () => {
    await client?.close();
    await demo?.stop();
  });

  const planOf = (name: string): TaskPlan => {
    const plan = TASK_PLANS.find((p) => p.name === name);
    if (plan === undefined) throw new Error(`no plan named ${name}`);
    return plan;
  };

  async function tasks() {
    const { tasks: rows } = await client.tasks.getAllEx({
      only_fields: [
        'id',
        'name',
        'status',
        'status_message',
        'created',
        'started',
        'completed',
        'last_update',
        'hyperparams',
        'configuration',
        'execution.artifacts',
      ],
      size: 100,
    });
    return rows as unknown as ServedTask[];
  }

  async function logOf(task: string): Promise<LogEvent[]> {
    const { events } = await client.events.getTaskLog({ task, batch_size: 10_000 });
    return [...events].sort((a, b) => a.timestamp - b.timestamp);
  }

  it('gives every run hyperparameters and configuration naming what its log shows', async () => {
    const rows = await tasks();
    expect(rows).toHaveLength(TASK_PLANS.length);
    for (const row of rows) {
      const params = Object.values(row.hyperparams ?? {}).flatMap((section) => Object.values(section));
      expect(params.length, row.name).toBeGreaterThan(3);
      const config = row.configuration?.config?.value ?? '';
      expect(config, row.name).toContain('model: ');
      const plan = planOf(row.name);
      const pace = runPace(plan.name, plan.kind);
      expect(row.hyperparams?.General?.gpus?.value, row.name).toBe(String(pace.gpus));
      expect(row.hyperparams?.Args?.batch_size?.value, row.name).toBe(String(pace.gpus * pace.batchPerGpu));
      if (plan.status === 'created') continue;
      const banner = (await logOf(row.id)).find((e) => e.msg.startsWith('Environment:'));
      if (plan.bigLog !== true) expect(banner?.msg, row.name).toContain(`CUDA devices: ${pace.gpus} x`);
    }
  });

  it('fails each failed run with the error that ends its log, and reports blame the run whose log has it', async () => {
    const rows = await tasks();
    const failedWith = new Map<FailureKind, string>();
    for (const row of rows.filter((r) => r.status === 'failed')) {
      const plan = planOf(row.name);
      const crash = (await logOf(row.id)).filter((e) => e.msg.startsWith('Traceback')).at(-1);
      expect(crash, row.name).toBeDefined();
      expect(row.status_message, row.name).toBe(crash?.msg.split('\n').at(-1));
      expect(row.status_message).toBe(failureMessage(plan.failure ?? 'oom'));
      failedWith.set(plan.failure ?? 'oom', row.id);
    }
    expect(failedWith.size).toBe(rows.filter((r) => r.status === 'failed').length);
    const { tasks: reports } = await client.reports.getAllEx({ only_fields: ['name', 'report'], size: 100 });
    let blamed = 0;
    for (const report of reports) {
      const body = report.report ?? '';
      const named = new Set([...body.matchAll(/tasks=([0-9a-f]{32})/g)].map((m) => m[1]));
      for (const [kind, pattern] of Object.entries(FAILURE_WORDS) as [FailureKind, RegExp][]) {
        if (!pattern.test(body)) continue;
        blamed += 1;
        expect(named.has(failedWith.get(kind)), `${report.name} discusses ${kind}`).toBe(true);
      }
    }
    // The post-mortem (OOM) and the distillation ablation (missing key) discuss failures.
    expect(blamed).toBeGreaterThanOrEqual(2);
  });

  it("places each run's created, started and end times around its log", async () => {
    for (const row of await tasks()) {
      const plan = planOf(row.name);
      if (plan.status === 'created') {
        expect(row.started ?? null, row.name).toBeNull();
        continue;
      }
      const log = await logOf(row.id);
      const first = log[0]?.timestamp ?? NaN;
      const last = log.at(-1)?.timestamp ?? NaN;
      const started = Date.parse(row.started ?? '');
      const created = Date.parse(row.created ?? '');
      expect(created, row.name).toBeLessThanOrEqual(started);
      expect(started, row.name).toBeLessThanOrEqual(first);
      expect(first - started, row.name).toBeLessThan(plan.durationMs / 50 + 60_000);
      if (plan.status === 'in_progress') continue;
      const end = Date.parse(row.completed ?? row.last_update ?? '');
      expect(end, row.name).toBeGreaterThanOrEqual(last);
      expect(end - last, row.name).toBeLessThan(60_000);
      if (row.status === 'completed') expect(row.completed, row.name).toBeDefined();
    }
  });

  it('stores every debug image its events point at as a PNG on the files host', async () => {
    let images = 0;
    for (const row of await tasks()) {
      const plan = planOf(row.name);
      if (plan.status === 'created') continue;
      const metric = plan.kind === 'rl' ? 'rollout' : 'samples';
      const answer = await client.events.debugImages({ metrics: [{ task: row.id, metric }], iters: 100 });
      const urls = answer.metrics.flatMap((m) => m.iterations.flatMap((it) => it.events.map((e) => e.url ?? '')));
      expect(urls.length, row.name).toBeGreaterThan(0);
      for (const url of new Set(urls)) {
        const bytes = Buffer.from(await client.downloadBytes(url));
        expect(bytes.subarray(1, 4).toString('latin1'), url).toBe('PNG');
        images += 1;
      }
    }
    expect(images).toBeGreaterThan(TASK_PLANS.length);
  });

  it('gives finished runs artifacts stored on the files host', async () => {
    const finished = (await tasks()).filter((r) => r.status === 'completed' || r.status === 'published');
    expect(finished.length).toBeGreaterThan(0);
    for (const row of finished) {
      const artifact = row.execution?.artifacts?.find((a) => a.key === 'final_metrics');
      expect(artifact?.uri, row.name).toBeDefined();
      const stored = JSON.parse(Buffer.from(await client.downloadBytes(artifact?.uri ?? '')).toString('utf8'));
      expect(stored.iterations, row.name).toBe(planOf(row.name).iterations);
    }
  });
});

/** How report bodies name each failure. */
const FAILURE_WORDS: Readonly<Record<FailureKind, RegExp>> = {
  oom: /out-of-memory|OutOfMemoryError|\bOOM\b/,
  missingKey: /attention_mask/,
  nanLoss: /value loss is NaN|NaN in (the )?value loss/,
};

interface ServedTask {
  id: string;
  name: string;
  status: string;
  status_message?: string;
  created?: string;
  started?: string;
  completed?: string;
  last_update?: string;
  hyperparams?: Record<string, Record<string, { value?: string }>>;
  configuration?: Record<string, { value?: string }>;
  execution?: { artifacts?: { key: string; uri?: string }[] };
}
