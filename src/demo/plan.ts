// What the demo seeds: its projects, tasks (one or more in every status) and reports.
import type { RunKind } from './curves.js';
import { DATASETS, datasetLine, type DatasetKey } from './datasets.js';
import type { FailureKind } from './failures.js';
import type { RunSetup } from './log-lines.js';
import type { ReportBodyContext, ReportTaskIds } from './report-bodies.js';
import {
  augmentationNotesReport,
  baselineReport,
  bertReport,
  distillReport,
  postMortemReport,
  sweepReport,
  weeklyReport,
} from './report-bodies.js';

export const DEMO_PROJECTS = {
  vision: 'vision/resnet-sweeps',
  nlp: 'nlp/bert-finetune',
  rl: 'rl/ppo',
} as const;
export type ProjectKey = keyof typeof DEMO_PROJECTS;

/** The people whose runs and reports the demo shows, each writing through their own key pair. */
export const DEMO_USERS = { maya: 'Maya Chen', jonas: 'Jonas Weber', priya: 'Priya Raman' } as const;
export type DemoUserKey = keyof typeof DEMO_USERS;

/** Who works on each project, unless a plan names another owner. */
const PROJECT_OWNERS: Readonly<Record<ProjectKey, DemoUserKey>> = { vision: 'maya', nlp: 'jonas', rl: 'priya' };

/** The user a planned task or report is written by. */
export function ownerOf(plan: { project: ProjectKey; owner?: DemoUserKey }): DemoUserKey {
  return plan.owner ?? PROJECT_OWNERS[plan.project];
}

/** The final status a seeded task is left in (`in_progress` = running, `stopped` = aborted, `created` = draft). */
export type DemoStatus = 'created' | 'in_progress' | 'completed' | 'failed' | 'stopped' | 'published';
export const DEMO_STATUSES: readonly DemoStatus[] = [
  'created',
  'in_progress',
  'completed',
  'failed',
  'stopped',
  'published',
];

export interface TaskPlan {
  /** Stable handle used by reports; also seeds the run's curves. */
  key: string;
  name: string;
  project: ProjectKey;
  kind: RunKind;
  status: DemoStatus;
  /** Iterations of history written at seed time. */
  iterations: number;
  /** Length of the learning-rate schedule. */
  totalIters: number;
  difficulty: number;
  tags: string[];
  comment: string;
  /** How long the history took (first to last event). */
  durationMs: number;
  /** How long ago the last event was written (0 for running tasks). */
  endedAgoMs: number;
  /** Write the very long log instead of per-iteration bursts. */
  bigLog?: boolean;
  /** Register an output model. */
  model?: boolean;
  /** Why a failed run stopped: its last log lines, status message and reports agree. */
  failure?: FailureKind;
  /** Peak learning rate (default: its kind's). */
  lr?: number;
  /** What the run trains (default: its kind's). */
  setup?: RunSetup;
  /** What a supervised run is evaluated on (default: its kind's); its setup names the same. */
  dataset?: DatasetKey;
  /** Arguments besides its kind's (hyperparameters and configuration). */
  args?: Readonly<Record<string, string | number>>;
  /** Who runs it (default: its project's owner). */
  owner?: DemoUserKey;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const TASK_PLANS: readonly TaskPlan[] = [
  {
    key: 'visionBaseline',
    name: 'resnet50-baseline',
    project: 'vision',
    kind: 'vision',
    status: 'published',
    iterations: 300,
    totalIters: 300,
    difficulty: 0.3,
    tags: ['baseline'],
    comment: 'reference run for the sweep',
    durationMs: 14 * HOUR,
    endedAgoMs: 6 * DAY,
    model: true,
  },
  {
    key: 'visionLive',
    name: 'resnet50-cosine-lr3e-4',
    project: 'vision',
    kind: 'vision',
    status: 'in_progress',
    iterations: 150,
    totalIters: 20_000,
    difficulty: 0.3,
    tags: ['sweep', 'lr'],
    comment: 'cosine schedule, peak lr 3e-4',
    durationMs: 3 * HOUR,
    endedAgoMs: 0,
    lr: 3e-4,
  },
  {
    key: 'visionFailed',
    name: 'resnet50-mixup',
    project: 'vision',
    kind: 'vision',
    status: 'failed',
    iterations: 141,
    totalIters: 300,
    difficulty: 0.35,
    tags: ['sweep', 'augmentation'],
    comment: 'mixup alpha 0.2',
    durationMs: 5 * HOUR,
    endedAgoMs: 2 * DAY,
    failure: 'oom',
    args: { mixup_alpha: 0.2 },
  },
  {
    key: 'visionAborted',
    name: 'resnet50-cutmix',
    project: 'vision',
    kind: 'vision',
    status: 'stopped',
    iterations: 91,
    totalIters: 300,
    difficulty: 0.35,
    tags: ['sweep', 'augmentation'],
    comment: 'cutmix alpha 1.0, stopped to free GPUs',
    durationMs: 3 * HOUR,
    endedAgoMs: 30 * HOUR,
    args: { cutmix_alpha: 1.0 },
  },
  {
    key: 'visionLong',
    name: 'resnet101-long-schedule',
    project: 'vision',
    kind: 'vision',
    status: 'completed',
    iterations: 400,
    totalIters: 400,
    difficulty: 0.2,
    tags: ['long-run'],
    comment: '2x epochs; very chatty log',
    owner: 'priya',
    durationMs: 4 * HOUR,
    endedAgoMs: 20 * HOUR,
    bigLog: true,
    model: true,
    setup: { model: 'ResNet-101 (44.5M parameters)', dataset: datasetLine(DATASETS.cifar10) },
  },
  {
    key: 'visionDraft',
    name: 'resnet18-smoke-test',
    project: 'vision',
    kind: 'vision',
    status: 'created',
    iterations: 3,
    totalIters: 100,
    difficulty: 0.5,
    tags: ['debug'],
    comment: 'draft: cloned to check the input pipeline on CPU',
    durationMs: 60_000,
    endedAgoMs: 3 * HOUR,
    setup: { model: 'ResNet-18 (11.7M parameters)', dataset: datasetLine(DATASETS.cifar10) },
  },

  {
    key: 'nlpLive',
    name: 'bert-base-sst2',
    project: 'nlp',
    kind: 'nlp',
    status: 'in_progress',
    iterations: 120,
    totalIters: 20_000,
    difficulty: 0.1,
    tags: ['sota'],
    comment: 'bert-base-uncased, lr 2e-5',
    durationMs: 2 * HOUR,
    endedAgoMs: 0,
  },
  {
    key: 'nlpCompleted',
    name: 'bert-large-mnli',
    project: 'nlp',
    kind: 'nlp',
    status: 'completed',
    iterations: 250,
    totalIters: 250,
    difficulty: 0.25,
    tags: ['baseline'],
    comment: 'bert-large-cased, 3 epochs',
    durationMs: 9 * HOUR,
    endedAgoMs: 3 * DAY,
    model: true,
    setup: { model: 'BERT-large (340M parameters)', dataset: datasetLine(DATASETS.mnli) },
    dataset: 'mnli',
  },
  {
    key: 'nlpFailed',
    name: 'bert-distill-t4',
    project: 'nlp',
    kind: 'nlp',
    status: 'failed',
    iterations: 60,
    totalIters: 200,
    difficulty: 0.4,
    tags: ['ablation'],
    comment: 'distillation, temperature 4',
    owner: 'maya',
    durationMs: HOUR,
    endedAgoMs: 26 * HOUR,
    failure: 'missingKey',
    setup: {
      model: 'BERT student, 4 layers, hidden 312 (14.5M parameters)',
      dataset: datasetLine(DATASETS.sst2),
    },
    args: { teacher: 'bert-large-mnli', temperature: 4 },
  },
  {
    key: 'nlpAborted',
    name: 'bert-base-sst2-lr1e-4',
    project: 'nlp',
    kind: 'nlp',
    status: 'stopped',
    iterations: 80,
    totalIters: 200,
    difficulty: 0.6,
    tags: ['ablation'],
    comment: 'diverging, stopped',
    durationMs: HOUR,
    endedAgoMs: 2 * DAY,
    lr: 1e-4,
  },
  {
    key: 'nlpDraft',
    name: 'bert-base-squad',
    project: 'nlp',
    kind: 'nlp',
    status: 'created',
    iterations: 2,
    totalIters: 100,
    difficulty: 0.3,
    tags: [],
    comment: 'draft',
    durationMs: 30_000,
    endedAgoMs: 5 * HOUR,
    setup: { model: 'BERT-base (110M parameters)', dataset: 'SQuAD v1.1: 87599 train / 10570 val questions' },
  },

  {
    key: 'rlLive',
    name: 'ppo-cartpole',
    project: 'rl',
    kind: 'rl',
    status: 'in_progress',
    iterations: 200,
    totalIters: 20_000,
    difficulty: 0.1,
    tags: ['ppo'],
    comment: '16 envs, clip 0.2',
    durationMs: HOUR,
    endedAgoMs: 0,
  },
  {
    key: 'rlPublished',
    name: 'ppo-lunarlander',
    project: 'rl',
    kind: 'rl',
    status: 'published',
    iterations: 300,
    totalIters: 300,
    difficulty: 0.3,
    tags: ['ppo', 'baseline'],
    comment: 'solved at step 240',
    durationMs: 6 * HOUR,
    endedAgoMs: 8 * DAY,
    model: true,
    setup: { model: 'PPO actor-critic MLP (0.2M parameters)', dataset: 'LunarLander-v2, 16 parallel environments' },
  },
  {
    key: 'rlCompleted',
    name: 'ppo-breakout',
    project: 'rl',
    kind: 'rl',
    status: 'completed',
    iterations: 250,
    totalIters: 250,
    difficulty: 0.5,
    tags: ['ppo', 'atari'],
    comment: '',
    durationMs: 10 * HOUR,
    endedAgoMs: 4 * DAY,
    setup: { model: 'PPO Nature CNN (1.7M parameters)', dataset: 'BreakoutNoFrameskip-v4, 16 parallel environments' },
  },
  {
    key: 'rlFailed',
    name: 'ppo-hopper',
    project: 'rl',
    kind: 'rl',
    status: 'failed',
    iterations: 40,
    totalIters: 300,
    difficulty: 0.7,
    tags: ['ppo', 'mujoco'],
    comment: 'NaN in value loss',
    durationMs: HOUR,
    endedAgoMs: 12 * HOUR,
    failure: 'nanLoss',
    setup: { model: 'PPO actor-critic MLP (0.3M parameters)', dataset: 'Hopper-v4, 16 parallel environments' },
  },
];

export interface ReportPlan {
  name: string;
  project: ProjectKey;
  tags: string[];
  comment: string;
  body: (ctx: ReportBodyContext) => string;
  /** Who writes it (default: its project's owner). */
  owner?: DemoUserKey;
  publish?: boolean;
  archive?: boolean;
}

export const REPORT_PLANS: readonly ReportPlan[] = [
  {
    name: 'ResNet-50 baseline results',
    project: 'vision',
    tags: ['baseline'],
    comment: 'the numbers every sweep is compared with',
    body: baselineReport,
    publish: true,
  },
  {
    name: 'Learning-rate sweep: peak lr 0.4 vs 3e-4',
    project: 'vision',
    tags: ['ablation', 'needs-review'],
    comment: 'live: the cosine run is still training',
    body: sweepReport,
  },
  {
    name: 'Post-mortem: mixup OOM',
    project: 'vision',
    tags: ['needs-review'],
    comment: 'why the mixup run crashed',
    body: postMortemReport,
  },
  {
    name: 'Augmentation notes (old)',
    project: 'vision',
    tags: ['ablation'],
    comment: 'superseded',
    body: augmentationNotesReport,
    archive: true,
  },
  {
    name: 'BERT-base SST-2 fine-tuning',
    project: 'nlp',
    tags: ['sota'],
    comment: 'new best on the dev set',
    body: bertReport,
  },
  {
    name: 'Distillation ablation',
    project: 'nlp',
    tags: ['ablation', 'needs-review'],
    comment: 'temperature sweep',
    body: distillReport,
  },
  {
    name: 'Weekly training summary',
    project: 'nlp',
    tags: ['baseline', 'sota'],
    comment: 'all three projects',
    body: weeklyReport,
    owner: 'priya',
  },
];

/** Every key the report bodies refer to must name a planned task. */
export const REPORT_TASK_KEYS: readonly (keyof ReportTaskIds)[] = [
  'visionBaseline',
  'visionLive',
  'visionFailed',
  'visionAborted',
  'visionLong',
  'nlpLive',
  'nlpCompleted',
  'nlpFailed',
  'rlLive',
];
