// Markdown bodies of the demo reports: headings, lists, code, a table, emphasis, links and
// embedded ClearML widgets (iframes pointing at the server's `/widgets/` page). Each body is
// written as the document it is, its widgets made first and placed by name. Every number
// about a run comes from its facts (report-facts.ts), read from what the run reported.
import { percent, type RunFacts } from './report-facts.js';

interface ScalarWidget {
  tasks: readonly string[];
  metrics: readonly string[];
  variants?: readonly string[];
  xaxis?: 'iter' | 'timestamp' | 'iso_time';
}

function widgetUrl(baseUrl: string, params: [string, string][]): string {
  const query = new URLSearchParams(params);
  return `${baseUrl.replace(/\/+$/, '')}/widgets/?${query.toString()}`;
}

export function scalarWidgetUrl(baseUrl: string, w: ScalarWidget): string {
  return widgetUrl(baseUrl, [
    ['objectType', 'task'],
    ['xaxis', w.xaxis ?? 'iter'],
    ['type', 'scalar'],
    ...w.metrics.map((m): [string, string] => ['metrics', m]),
    ...(w.variants ?? []).map((v): [string, string] => ['variants', v]),
    ...w.tasks.map((t): [string, string] => ['tasks', t]),
  ]);
}

export function singleValueWidgetUrl(baseUrl: string, tasks: readonly string[]): string {
  return widgetUrl(baseUrl, [
    ['objectType', 'task'],
    ['type', 'single'],
    ...tasks.map((t): [string, string] => ['tasks', t]),
  ]);
}

export function plotWidgetUrl(baseUrl: string, task: string, metric: string, variant: string): string {
  return widgetUrl(baseUrl, [
    ['objectType', 'task'],
    ['type', 'plot'],
    ['metrics', metric],
    ['variants', variant],
    ['tasks', task],
  ]);
}

export function sampleWidgetUrl(baseUrl: string, task: string, metric: string, variant: string): string {
  return widgetUrl(baseUrl, [
    ['objectType', 'task'],
    ['type', 'sample'],
    ['metrics', metric],
    ['variants', variant],
    ['tasks', task],
  ]);
}

/** An embedded widget; the URL is written as-is (`&` unescaped) so it can be lifted out of the body verbatim. */
export function iframe(src: string, height = 400): string {
  return `<iframe src="${src}" width="100%" height="${height}"></iframe>`;
}

/** The ids of the seeded tasks that reports refer to. */
export interface ReportTaskIds {
  visionBaseline: string;
  visionLive: string;
  visionFailed: string;
  visionAborted: string;
  visionLong: string;
  nlpLive: string;
  nlpCompleted: string;
  nlpFailed: string;
  rlLive: string;
}

export interface ReportBodyContext {
  baseUrl: string;
  tasks: ReportTaskIds;
  /** What each run had reported when the report was written. */
  facts: Record<keyof ReportTaskIds, RunFacts>;
  /** Lines of the long log. */
  bigLogLines: number;
}

/**
 * A results table row: the run (its task name), the step, its val accuracy in % and macro F1
 * at its last validation step, and its training hours (`running` while it runs).
 */
function resultRow(facts: RunFacts): string {
  const hours = facts.hours === undefined ? 'running' : facts.hours.toFixed(2);
  return `| \`${facts.name}\` | ${facts.valStep} | ${percent(facts.accuracy)} | ${facts.f1?.toFixed(4) ?? '-'} | ${hours} |`;
}

const RESULT_HEADER = '| run | val step | val accuracy % | macro F1 | hours |\n|---|---:|---:|---:|---:|';

/** "`name` reached 91.2% val accuracy at step 115": the sentence reports use for a run's score. */
function reachedSentence(facts: RunFacts): string {
  return `\`${facts.name}\` reached ${percent(facts.accuracy)}% val accuracy at step ${facts.valStep}`;
}

export function baselineReport(ctx: ReportBodyContext): string {
  const t = ctx.tasks;
  const f = ctx.facts;
  const lossChart = iframe(
    scalarWidgetUrl(ctx.baseUrl, { tasks: [t.visionBaseline], metrics: ['loss'], variants: ['train'] }),
  );
  const summary = iframe(singleValueWidgetUrl(ctx.baseUrl, [t.visionBaseline]), 200);
  const a = f.visionBaseline.args;
  return `# ResNet-50 baseline on CIFAR-10

The **reference run** every sweep in \`vision/resnet-sweeps\` is compared against.

## Setup

- ${f.visionBaseline.gpus} × A100, batch size ${a.batch_size ?? '-'}, mixed precision
- SGD with momentum ${a.momentum ?? '-'}, *cosine* learning rate with ${a.warmup_iterations ?? '-'} warmup iterations
- label smoothing ${a.label_smoothing ?? '-'}, no mixup

\`\`\`bash
python train.py --arch resnet50 --epochs ${a.epochs ?? '-'} --lr ${a.lr ?? '-'} --batch-size ${a.batch_size ?? '-'} \\
    --schedule cosine --warmup-iterations ${a.warmup_iterations ?? '-'} --label-smoothing ${a.label_smoothing ?? '-'}
\`\`\`

## Results

${RESULT_HEADER}
${resultRow(f.visionBaseline)}
${resultRow(f.visionLive)}
${resultRow(f.visionLong)}

### Loss

${lossChart}

### Summary

${summary}

See the [ResNet paper](https://arxiv.org/abs/1512.03385) for the original recipe.
`;
}

export function sweepReport(ctx: ReportBodyContext): string {
  const t = ctx.tasks;
  const lossChart = iframe(
    scalarWidgetUrl(ctx.baseUrl, {
      tasks: [t.visionBaseline, t.visionLive, t.visionLong],
      metrics: ['loss'],
      variants: ['train', 'val'],
    }),
  );
  const lrChart = iframe(
    scalarWidgetUrl(ctx.baseUrl, { tasks: [t.visionLive], metrics: ['learning_rate'], xaxis: 'timestamp' }),
    300,
  );
  const gradNormChart = iframe(scalarWidgetUrl(ctx.baseUrl, { tasks: [t.visionLive], metrics: ['grad_norm'] }), 300);
  const f = ctx.facts;
  const run = (facts: RunFacts, note: string): string =>
    `\`${facts.name}\`: cosine schedule, peak lr ${facts.args.lr ?? '-'}, ${facts.args.epochs ?? '-'} epochs${note}`;
  return `# Learning-rate sweep: peak learning rate

> Work in progress — \`${f.visionLive.name}\` is **still training**.

## Runs compared

1. ${run(f.visionBaseline, '')}
2. ${run(f.visionLive, ' — *running*')}
3. ${run(f.visionLong, ', the long schedule')}

${RESULT_HEADER}
${resultRow(f.visionBaseline)}
${resultRow(f.visionLive)}
${resultRow(f.visionLong)}

## Training and validation loss

${lossChart}

## Learning rate

${lrChart}

## Open questions

- [ ] does the val loss rise late in the long schedule?
- [ ] try a longer warmup than ${f.visionLive.args.warmup_iterations ?? '-'} iterations
- [x] check gradient norms per layer

${gradNormChart}
`;
}

export function postMortemReport(ctx: ReportBodyContext): string {
  const t = ctx.tasks;
  const crashedRunsChart = iframe(
    scalarWidgetUrl(ctx.baseUrl, {
      tasks: [t.visionFailed, t.visionAborted],
      metrics: ['loss', 'accuracy'],
      variants: ['train'],
    }),
  );
  const confusionMatrix = iframe(plotWidgetUrl(ctx.baseUrl, t.visionFailed, 'confusion matrix', 'val'), 450);
  const f = ctx.facts;
  return `# Post-mortem: mixup run crashed at step ${f.visionFailed.step}

## What happened

The run died with an out-of-memory error on GPU 0. The last lines of its log:

\`\`\`text
Traceback (most recent call last):
  File "/opt/project/train.py", line 214, in <module>
    main(parse_args())
torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.
\`\`\`

## Why

- mixup doubles the activations kept for the backward pass
- the batch size was **not** reduced

## Fix

\`\`\`python
batch_size = 512 if args.mixup else 1024
accumulate = 2 if args.mixup else 1
\`\`\`

| run | status | last step |
|---|---|---:|
| mixup | failed | ${f.visionFailed.step} |
| cutmix | aborted | ${f.visionAborted.step} |

${crashedRunsChart}

${confusionMatrix}
`;
}

export function augmentationNotesReport(ctx: ReportBodyContext): string {
  const t = ctx.tasks;
  const inputSamples = iframe(sampleWidgetUrl(ctx.baseUrl, t.visionAborted, 'samples', 'input'), 300);
  return `# Augmentation notes (superseded)

_Archived: see the post-mortem and the sweep report instead._

## Tried

- RandAugment N=2, M=9
- cutmix α=1.0 — stopped early

${inputSamples}
`;
}

export function bertReport(ctx: ReportBodyContext): string {
  const t = ctx.tasks;
  const f = ctx.facts;
  const accuracyChart = iframe(
    scalarWidgetUrl(ctx.baseUrl, { tasks: [t.nlpLive, t.nlpCompleted], metrics: ['accuracy'], variants: ['val'] }),
  );
  const summary = iframe(singleValueWidgetUrl(ctx.baseUrl, [t.nlpCompleted, t.nlpLive]), 200);
  const a = f.nlpLive.args;
  return `# BERT-base on SST-2

Fine-tuning \`bert-base-uncased\` for sentiment: ${reachedSentence(f.nlpLive)}, and is still training.

## Hyper-parameters

| name | value |
|---|---|
| learning rate | ${a.lr ?? '-'} |
| batch size | ${a.batch_size ?? '-'} |
| epochs | ${a.epochs ?? '-'} |
| warmup iterations | ${a.warmup_iterations ?? '-'} |

## Results

${RESULT_HEADER}
${resultRow(f.nlpLive)}
${resultRow(f.nlpCompleted)}

## Accuracy

${accuracyChart}

## Summary values

${summary}

Data: [GLUE benchmark](https://gluebenchmark.com/).
`;
}

export function distillReport(ctx: ReportBodyContext): string {
  const t = ctx.tasks;
  const lossChart = iframe(
    scalarWidgetUrl(ctx.baseUrl, { tasks: [t.nlpFailed], metrics: ['loss'], variants: ['train', 'val'] }),
  );
  return `# Distillation ablation

## Variants

- *teacher*: BERT-large
- *student*: 4 layers, hidden 312
- temperature ∈ {1, 2, 4}

## Failure

The temperature-4 run failed on a missing \`attention_mask\` key:

\`\`\`python
mask = batch["attention_mask"]  # KeyError when the tokenizer is called without padding
\`\`\`

${lossChart}
`;
}

export function weeklyReport(ctx: ReportBodyContext): string {
  const t = ctx.tasks;
  const rewardChart = iframe(
    scalarWidgetUrl(ctx.baseUrl, { tasks: [t.rlLive], metrics: ['reward'], variants: ['mean', 'max'] }),
  );
  const longRunAccuracy = iframe(
    scalarWidgetUrl(ctx.baseUrl, {
      tasks: [t.visionLong],
      metrics: ['accuracy'],
      variants: ['val'],
      xaxis: 'iso_time',
    }),
    300,
  );
  return `# Weekly training summary

## Running now

- vision: cosine LR sweep
- nlp: BERT-base SST-2
- rl: PPO CartPole

## Highlights

1. **BERT**: ${reachedSentence(ctx.facts.nlpLive)}
2. the ResNet long schedule finished (its log has ${ctx.bigLogLines.toLocaleString('en-US')} lines)
3. PPO reward is still climbing

${rewardChart}

${longRunAccuracy}
`;
}
