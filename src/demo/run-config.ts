// What a demo run was started with, as its script would connect it: the arguments
// (hyperparameters), a configuration file, and what the run trains on. Every number here is
// the one its log and curves show (learning rate, GPUs, batch size).
import type { ConfigurationItem, ParamsItem } from '../wire/tasks.js';
import { DEFAULT_SETUPS, runPace, type RunSetup } from './log-lines.js';
import type { SimulatedRun } from './simulated-run.js';

function setupOf(run: SimulatedRun): RunSetup {
  return run.setup ?? DEFAULT_SETUPS[run.shape.kind];
}

/** Arguments a plan adds to its kind's (mixup alpha, distillation temperature, ...). */
export type ExtraArgs = Readonly<Record<string, string | number>>;

function kindArgs(run: SimulatedRun): Record<string, string | number> {
  const pace = runPace(run.name, run.shape.kind);
  const epochs = Math.max(1, Math.ceil(run.shape.totalIters / run.itersPerEpoch));
  const common = {
    lr: run.shape.baseLr,
    batch_size: pace.gpus * pace.batchPerGpu,
    epochs,
    warmup_iterations: run.shape.warmupIters,
  };
  switch (run.shape.kind) {
    case 'vision':
      return {
        ...common,
        optimizer: 'sgd',
        momentum: 0.9,
        weight_decay: 1e-4,
        schedule: 'cosine',
        label_smoothing: 0.1,
      };
    case 'nlp':
      return { ...common, optimizer: 'adamw', weight_decay: 0.01, max_seq_length: 128, schedule: 'linear' };
    case 'rl':
      return { ...common, optimizer: 'adam', gamma: 0.99, gae_lambda: 0.95, clip_range: 0.2, n_envs: 16 };
  }
}

const typeOf = (value: string | number): string =>
  typeof value === 'string' ? 'str' : Number.isInteger(value) ? 'int' : 'float';

/** The `Args` section (the script's command line) and `General` (where it ran), as ParamsItems. */
export function hyperparamsOf(run: SimulatedRun, extra: ExtraArgs = {}): ParamsItem[] {
  const pace = runPace(run.name, run.shape.kind);
  const args = { ...kindArgs(run), ...extra, seed: run.shape.seed % 100_000 };
  const general = { gpus: pace.gpus, gpu_type: 'NVIDIA A100-SXM4-80GB', worker: run.worker };
  const items = (section: string, values: Record<string, string | number>): ParamsItem[] =>
    Object.entries(values).map(([name, value]) => ({ section, name, value: String(value), type: typeOf(value) }));
  return [...items('Args', args), ...items('General', general)];
}

/** The run's configuration file (YAML) naming the same model, data and optimiser settings. */
export function configurationOf(run: SimulatedRun, extra: ExtraArgs = {}): ConfigurationItem[] {
  const setup = setupOf(run);
  const args = { ...kindArgs(run), ...extra };
  const lines = [
    `model: ${JSON.stringify(setup.model)}`,
    `data: ${JSON.stringify(setup.dataset)}`,
    `iterations_per_epoch: ${run.itersPerEpoch}`,
    'training:',
    ...Object.entries(args).map(([k, v]) => `  ${k}: ${typeof v === 'string' ? JSON.stringify(v) : v}`),
    'logging:',
    `  plots_every: ${run.plotEvery}`,
    `  debug_images_every: ${run.imageEvery}`,
  ];
  return [{ name: 'config', type: 'yaml', value: `${lines.join('\n')}\n`, description: 'train.yaml' }];
}
