// What the reports say about a run, read from the run itself when the report is written: its
// last step, the scores of its last validation step (the scalars it reported), its hours (its
// summary's) and the arguments it was started with. The report bodies print these and no
// number of their own.
import { headlineMetric, scalarsAt, valStepAt } from './curves.js';
import { runPace } from './log-lines.js';
import { hyperparamsOf, type ExtraArgs } from './run-config.js';
import { summaryValues, type SimulatedRun } from './simulated-run.js';

export interface RunFacts {
  /** The task's name, as the reports name it. */
  name: string;
  /** The last iteration it had reported. */
  step: number;
  /** The validation step its scores are from (the last one at or before `step`). */
  valStep: number;
  /** `accuracy/val` and `f1/val` of that step (supervised runs). */
  accuracy?: number;
  f1?: number;
  /** `reward/mean` at `step` (reinforcement-learning runs). */
  reward?: number;
  /** Its summary's `train_hours`; undefined while it is still running. */
  hours?: number;
  gpus: number;
  /** Its `Args` hyperparameters, as strings. */
  args: Record<string, string>;
}

export function runFacts(
  run: SimulatedRun,
  opts: { lastIter: number; running: boolean; summaryMs: number; extraArgs?: ExtraArgs },
): RunFacts {
  const step = Math.max(0, opts.lastIter);
  const valStep = valStepAt(run.shape, step);
  const value = (iter: number, metric: string, variant: string): number | undefined =>
    scalarsAt(run.shape, iter).find((p) => p.metric === metric && p.variant === variant)?.value;
  const facts: RunFacts = {
    name: run.name,
    step,
    valStep,
    gpus: runPace(run.name, run.shape.kind).gpus,
    args: Object.fromEntries(
      hyperparamsOf(run, opts.extraArgs)
        .filter((p) => p.section === 'Args')
        .map((p) => [p.name ?? '', p.value ?? '']),
    ),
  };
  if (headlineMetric(run.shape.kind).metric === 'reward') {
    const reward = value(step, 'reward', 'mean');
    if (reward !== undefined) facts.reward = reward;
  } else {
    const accuracy = value(valStep, 'accuracy', 'val');
    const f1 = value(valStep, 'f1', 'val');
    if (accuracy !== undefined) facts.accuracy = accuracy;
    if (f1 !== undefined) facts.f1 = f1;
  }
  if (!opts.running) facts.hours = summaryValues(run, step, opts.summaryMs).train_hours;
  return facts;
}

/** `88.1` for an accuracy of 0.8812: how the reports print a share as a percentage. */
export function percent(share: number | undefined): string {
  return share === undefined ? '-' : (100 * share).toFixed(1);
}
