// The demo is a newcomer's first impression: its logs must read like one real run each. These
// invariants are checked over everything the demo generates: the seeded history of every
// planned task (the long log included) and a stretch of live iterations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type ApiClient } from '../../src/api/index.js';
import { failureMessage, type FailureKind } from '../../src/demo/failures.js';
import { datasetOf } from '../../src/demo/curves.js';
import { valSize } from '../../src/demo/datasets.js';
import { epochOf, runPace, samplesPerSecond, type RunPace } from '../../src/demo/log-lines.js';
import { DEMO_USERS, ownerOf, REPORT_PLANS, TASK_PLANS, type TaskPlan } from '../../src/demo/plan.js';
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
    // An RL run has no dataset, validation split or classes.
    if (run.shape.kind === 'rl' && /validation split|dataset shard|has no samples/.test(text))
      found.push(`classifier line in an RL run: ${text}`);
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

  /** Every scalar a task reported: metric → variant → iteration → value. */
  async function scalarsOf(task: string): Promise<Map<string, Map<number, number>>> {
    const hist = await client.events.scalarMetricsIterHistogram({ task, samples: 0 });
    const out = new Map<string, Map<number, number>>();
    for (const [metric, byVariant] of Object.entries(hist))
      for (const [variant, series] of Object.entries(byVariant as Record<string, { x: number[]; y: number[] }>))
        out.set(`${metric}/${variant}`, new Map(series.x.map((x, i) => [x, series.y[i] ?? NaN])));
    return out;
  }

  it("draws each confusion matrix over its run's dataset, its diagonal's share the accuracy/val of its step", async () => {
    let matrices = 0;
    for (const row of await tasks()) {
      const plan = planOf(row.name);
      if (plan.status === 'created' || plan.kind === 'rl') continue;
      const dataset = datasetOf(runForPlan(plan, row.id, demo.url, DEFAULT_SEED).shape);
      if (dataset === undefined) throw new Error(`${row.name} has no dataset`);
      const scalars = await scalarsOf(row.id);
      const { plots } = await client.events.getTaskPlots({ task: row.id, iters: 1000 });
      for (const plot of plots) {
        const figure = JSON.parse(plot.plot_str) as {
          data: { x?: string[]; y?: string[]; z?: number[][]; cells?: { values: unknown[][] } }[];
          layout: { title: string };
        };
        const step = Number(/at step (\d+)/.exec(figure.layout.title)?.[1] ?? NaN);
        const accuracy = scalars.get('accuracy/val')?.get(step);
        if (plot.metric === 'per-class metrics') {
          const [names, , , , support] = figure.data[0]?.cells?.values ?? [];
          expect(names, row.name).toEqual([...dataset.classes]);
          expect(support, row.name).toEqual([...dataset.valSupport]);
        }
        if (plot.metric !== 'confusion matrix') continue;
        const [heat] = figure.data;
        const z = heat?.z ?? [];
        expect(heat?.x, row.name).toEqual([...dataset.classes]);
        expect(heat?.y, row.name).toEqual([...dataset.classes]);
        expect(
          z.map((r) => r.reduce((a, b) => a + b, 0)),
          row.name,
        ).toEqual([...dataset.valSupport]);
        const diagonal = z.reduce((sum, r, i) => sum + (r[i] ?? 0), 0);
        expect(accuracy, `${row.name} step ${step}`).toBeDefined();
        expect(Math.abs(diagonal / valSize(dataset) - (accuracy ?? NaN)), `${row.name} step ${step}`).toBeLessThan(
          0.001,
        );
        matrices += 1;
      }
    }
    expect(matrices).toBeGreaterThan(5);
  });

  it('prints in every log the numbers its scalars hold (step lines, evaluation blocks, progress bars)', async () => {
    let checked = 0;
    for (const row of await tasks()) {
      if (planOf(row.name).status === 'created') continue;
      const scalars = await scalarsOf(row.id);
      const wrong: string[] = [];
      const compare = (iter: number, key: string, text: string): void => {
        const stored = scalars.get(key)?.get(iter);
        const shown = Number(text);
        // Printed with 4 decimals (or 3 significant digits in exponent form).
        const tolerance = /e/.test(text) ? Math.abs(shown) * 0.006 : 0.00006;
        if (stored === undefined || Math.abs(stored - shown) > tolerance)
          wrong.push(`${key} at ${iter}: log ${text}, scalar ${stored}`);
        checked += 1;
      };
      for (const event of await logOf(row.id)) {
        const msg = event.msg.replace(/^#\d+ /, '');
        const step = /^step (\d+) \| (.*)$/.exec(msg);
        if (step !== null)
          for (const part of (step[2] ?? '').split(' | ')) {
            const [key = '', value = ''] = part.split(' ');
            compare(Number(step[1]), key, value);
          }
        const block = /^Evaluation at step (\d+)/.exec(msg);
        if (block !== null)
          for (const m of msg.matchAll(/^ {2}(accuracy|precision|recall|f1) +([\d.]+)$/gm))
            compare(Number(block[1]), `${m[1]}/val`, m[2] ?? '');
        for (const m of msg.matchAll(/loss=([\d.]+)\]/g)) {
          const key = planOf(row.name).kind === 'rl' ? 'loss/value' : 'loss/train';
          const stored = scalars.get(key)?.get(event.iter ?? -1) ?? NaN;
          if (Math.abs(stored - Number(m[1])) > 0.0006) wrong.push(`progress ${m[0]} at ${event.iter}: ${stored}`);
        }
      }
      expect(wrong, row.name).toEqual([]);
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("states in the reports the scores and hours the runs' scalars and summaries hold", async () => {
    const rows = await tasks();
    const byName = new Map(rows.map((r) => [r.name, r.id]));
    const { tasks: reports } = await client.reports.getAllEx({ only_fields: ['name', 'report'], size: 100 });
    const wrong: string[] = [];
    let claims = 0;
    for (const report of reports) {
      const body = report.report ?? '';
      const claimsOf = [
        ...[...body.matchAll(/^\| `([\w.-]+)` \| (\d+) \| ([\d.]+) \| ([\d.]+) \| ([\w.]+) \|$/gm)].map((m) => ({
          name: m[1] ?? '',
          step: Number(m[2]),
          accuracy: Number(m[3]),
          f1: Number(m[4]) as number | undefined,
          hours: m[5] === 'running' ? undefined : Number(m[5]),
        })),
        ...[...body.matchAll(/`([\w.-]+)` reached ([\d.]+)% val accuracy at step (\d+)/g)].map((m) => ({
          name: m[1] ?? '',
          step: Number(m[3]),
          accuracy: Number(m[2]),
          f1: undefined,
          hours: undefined,
        })),
      ];
      for (const claim of claimsOf) {
        claims += 1;
        const id = byName.get(claim.name);
        if (id === undefined) {
          wrong.push(`${report.name}: no run named ${claim.name}`);
          continue;
        }
        const scalars = await scalarsOf(id);
        const accuracy = scalars.get('accuracy/val')?.get(claim.step) ?? NaN;
        if (Math.abs(100 * accuracy - claim.accuracy) > 0.051)
          wrong.push(`${report.name}: ${claim.name} ${claim.accuracy}% at ${claim.step}, scalar ${accuracy}`);
        const f1 = scalars.get('f1/val')?.get(claim.step) ?? NaN;
        if (claim.f1 !== undefined && Math.abs(f1 - claim.f1) > 0.00006)
          wrong.push(`${report.name}: ${claim.name} F1 ${claim.f1}, scalar ${f1}`);
        if (claim.hours !== undefined) {
          const single = await client.events.getTaskSingleValueMetrics({ tasks: [id] });
          const hours = single.tasks[0]?.values.find((v) => v.variant === 'train_hours')?.value ?? NaN;
          if (Math.abs(hours - claim.hours) > 0.0051)
            wrong.push(`${report.name}: ${claim.name} ${claim.hours} h, summary ${hours}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(claims).toBeGreaterThanOrEqual(6);
    const weekly = reports.find((r) => r.name === 'Weekly training summary')?.report ?? '';
    expect(weekly).toContain('its log has 2,000 lines');
  });

  it('shows three people, each running tasks and writing reports through their own key pair', async () => {
    const { users } = await client.users.getAllEx({});
    const names = new Map(users.map((u) => [u.id, u.name]));
    // get_all_ex answers the user expanded ({id, name}; only its id here), as real servers do.
    const nameOf = (user: unknown): string | undefined =>
      names.get(typeof user === 'string' ? user : ((user as { id?: string } | undefined)?.id ?? ''));
    const { tasks: rows } = await client.tasks.getAllEx({ only_fields: ['name', 'user'], size: 100 });
    for (const row of rows as { name: string; user?: unknown }[])
      expect(nameOf(row.user), row.name).toBe(DEMO_USERS[ownerOf(planOf(row.name))]);
    expect(new Set(rows.map((r) => nameOf((r as { user?: unknown }).user))).size).toBeGreaterThanOrEqual(3);
    const { tasks: reports } = await client.reports.getAllEx({ only_fields: ['name', 'user'], size: 100 });
    expect(reports.length).toBe(REPORT_PLANS.length);
    for (const report of reports as { name: string; user?: unknown }[]) {
      const plan = REPORT_PLANS.find((p) => p.name === report.name);
      expect(nameOf(report.user), report.name).toBe(plan === undefined ? undefined : DEMO_USERS[ownerOf(plan)]);
    }
    expect(demo.users.map((u) => u.name).sort()).toEqual(Object.values(DEMO_USERS).sort());
    expect(new Set(demo.users.map((u) => u.accessKey)).size).toBe(3);
    for (const user of demo.users) {
      const own = createClient({ apiHost: demo.url, accessKey: user.accessKey, secretKey: user.secretKey });
      try {
        expect((await own.serverInfo()).user).toBe(user.name);
      } finally {
        await own.close();
      }
    }
  });

  it("sums up each run's training hours as its wall time, started to last update", async () => {
    let checked = 0;
    for (const row of await tasks()) {
      const plan = planOf(row.name);
      if (plan.status === 'created') continue;
      const single = await client.events.getTaskSingleValueMetrics({ tasks: [row.id] });
      const hours = single.tasks[0]?.values.find((v) => v.variant === 'train_hours');
      expect(hours, row.name).toBeDefined();
      const end =
        plan.status === 'in_progress' ? (hours?.timestamp ?? NaN) : Date.parse(row.completed ?? row.last_update ?? '');
      const wall = (end - Date.parse(row.started ?? '')) / 3_600_000;
      expect(Math.abs((hours?.value ?? NaN) - wall), `${row.name}: ${hours?.value} h, wall ${wall} h`).toBeLessThan(
        0.001,
      );
      checked += 1;
    }
    expect(checked).toBeGreaterThan(10);
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
