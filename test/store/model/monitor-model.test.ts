// The monitor's model (monitor-model.ts) for a few fixed seeds: each runs a random key
// sequence against the embedded server with live writers, checking the invariants after every
// step. A failure prints its seed, fast-check's replay path and the last steps. To run a case
// again: MODEL_SEED=<seed> (several: comma separated), MODEL_PATH=<path>, MODEL_STEPS=<steps>;
// `node bench/model-run.mjs --steps N --seed S` runs it long (MODEL_REPORT=1 prints each run's
// step times for it).
import { describe, it } from 'vitest';
import { runModel } from './monitor-model.js';

const SEEDS = [1001, 2002, 3003];
const STEPS = 50;

const env = process.env;
const only = env.MODEL_SEED === undefined ? null : env.MODEL_SEED.split(',').map(Number);
const steps = Number(env.MODEL_STEPS ?? STEPS);

describe('the monitor model: random keys against a live server', () => {
  for (const seed of only ?? SEEDS) {
    it(`holds its invariants for seed ${seed}`, { timeout: Math.max(120_000, steps * 3000) }, async () => {
      await runModel({
        seed,
        steps,
        ...(env.MODEL_PATH === undefined ? {} : { path: env.MODEL_PATH }),
        onRun: (durations) => {
          if (env.MODEL_REPORT !== undefined)
            process.stdout.write(`MODEL-RUN ${JSON.stringify({ seed, steps: durations.length, durations })}\n`);
        },
      });
    });
  }
});
