// The demo is a newcomer's first impression: its logs must read like one real run each. These
// invariants are checked over everything the demo generates: the seeded history of every
// planned task (the long log included) and a stretch of live iterations.
import { describe, expect, it } from 'vitest';
import { epochOf, runPace, samplesPerSecond, type RunPace } from '../../src/demo/log-lines.js';
import { TASK_PLANS } from '../../src/demo/plan.js';
import { createRng } from '../../src/demo/random.js';
import { DEFAULT_SEED, runForPlan, taskHistory } from '../../src/demo/seed.js';
import { iterationEvents, lastLogMessage, type SimulatedRun } from '../../src/demo/simulated-run.js';
import type { EventInput } from '../../src/wire/events.js';

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
