// What a seeded task carries besides its events, written as a training script would: the
// arguments and configuration it connected, the debug images its events point at (stored on
// the files host), and the artifacts of a finished run.
import type { Artifact } from '../wire/tasks.js';
import type { DemoClient } from './demo-client.js';
import type { TaskPlan } from './plan.js';
import { configurationOf, hyperparamsOf } from './run-config.js';
import {
  filesUrl,
  IMAGE_HISTORY,
  imageVariants,
  summaryValues,
  taskFilesKey,
  type SimulatedRun,
} from './simulated-run.js';
import { uploadDebugImage, type FileUploader, type ImageUpload } from './uploads.js';

/** Connects the run's arguments (hyperparameters) and configuration file, as Task.connect does. */
export async function writeRunConfig(client: DemoClient, plan: TaskPlan, run: SimulatedRun): Promise<void> {
  await client.tasks.editHyperParams({ task: run.taskId, hyperparams: hyperparamsOf(run, plan.args) });
  await client.tasks.editConfiguration({ task: run.taskId, configuration: configurationOf(run, plan.args) });
}

/**
 * The images still stored after `iterations` of history: the newest iteration written to each
 * of the IMAGE_HISTORY file names of every metric/variant.
 */
function storedImages(run: SimulatedRun, iterations: number): Omit<ImageUpload, 'key'>[] {
  const every = Math.max(1, run.imageEvery);
  const out: Omit<ImageUpload, 'key'>[] = [];
  const last = Math.floor((iterations - 1) / every);
  for (let n = Math.max(0, last - IMAGE_HISTORY + 1); n <= last; n += 1) {
    for (const [metric, variant] of imageVariants(run)) out.push({ metric, variant, iter: n * every });
  }
  return out;
}

export async function uploadHistoryImages(upload: FileUploader, run: SimulatedRun, iterations: number): Promise<void> {
  for (const image of storedImages(run, iterations)) await uploadDebugImage(upload, run, image);
}

/** A finished run's artifacts: its final metrics (a JSON file on the files host) and, with a model, its checkpoint. */
export async function writeArtifacts(
  client: DemoClient,
  upload: FileUploader,
  plan: TaskPlan,
  run: SimulatedRun,
  /** When the run reported its summary (the artifact holds the same values) and when it finished. */
  at: { summaryMs: number; doneMs: number },
): Promise<void> {
  const lastIter = Math.max(0, plan.iterations - 1);
  const metrics = Buffer.from(`${JSON.stringify(summaryValues(run, lastIter, at.summaryMs), null, 2)}\n`);
  const key = `${taskFilesKey(run)}/artifacts/final_metrics/final_metrics.json`;
  await upload(key, metrics, 'application/json');
  const timestamp = Math.floor(at.doneMs / 1000);
  const artifacts: Artifact[] = [
    {
      key: 'final_metrics',
      type: 'JSON',
      mode: 'output',
      uri: filesUrl(run, key),
      content_size: metrics.length,
      timestamp,
      type_data: { preview: metrics.toString('utf8').slice(0, 200), content_type: 'application/json' },
    },
  ];
  if (plan.model === true) {
    artifacts.push({
      key: 'checkpoint',
      type: 'custom',
      mode: 'output',
      uri: `file:///checkpoints/${plan.name}/final.pt`,
      timestamp,
      display_data: [['iterations', String(lastIter + 1)]],
    });
  }
  await client.tasks.addOrUpdateArtifacts({ task: run.taskId, artifacts });
}
