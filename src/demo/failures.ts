// Python tracebacks of the demo runs. Transient ones appear in logs as batches skipped and
// uploads retried; fatal ones end a failed run, and the run's status message, the last line
// of its log and the reports that discuss it name the same error.
import type { Rng } from './random.js';

interface ErrorCase {
  frames: [file: string, line: number, fn: string, code: string][];
  error: string;
}

/** Errors a run survives (a skipped batch, a retried upload). */
const TRANSIENT_CASES: readonly ErrorCase[] = [
  {
    frames: [
      ['/opt/project/data/loader.py', 61, '__getitem__', 'image = self.decode(self.paths[index])'],
      ['/opt/project/data/loader.py', 44, 'decode', 'with open(path, "rb") as handle:'],
    ],
    error: "FileNotFoundError: [Errno 2] No such file or directory: '/data/train/n01440764/n01440764_10026.JPEG'",
  },
  {
    frames: [['/opt/project/metrics.py', 33, 'update', 'self.confusion[target, pred] += 1']],
    error: 'IndexError: index 10 is out of bounds for axis 0 with size 10',
  },
  {
    frames: [
      ['/opt/project/checkpoint.py', 120, 'upload', 'self.bucket.put(key, data)'],
      ['/opt/project/storage.py', 58, 'put', 'response = self.session.send(request, timeout=30)'],
    ],
    error: 'ConnectionResetError: [Errno 104] Connection reset by peer',
  },
];

/** Why a failed demo run stopped. */
export type FailureKind = 'oom' | 'missingKey' | 'nanLoss';

const FATAL_CASES: Readonly<Record<FailureKind, ErrorCase>> = {
  oom: {
    frames: [
      ['/opt/project/train.py', 214, '<module>', 'main(parse_args())'],
      ['/opt/project/train.py', 188, 'main', 'loss = trainer.step(batch)'],
      ['/opt/project/trainer.py', 97, 'step', 'outputs = self.model(**batch)'],
      [
        '/opt/conda/lib/python3.11/site-packages/torch/nn/modules/module.py',
        1518,
        '_wrapped_call_impl',
        'return self._call_impl(*args, **kwargs)',
      ],
    ],
    error:
      'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 23.65 GiB of which 1.12 GiB is free.',
  },
  missingKey: {
    frames: [
      ['/opt/project/train.py', 214, '<module>', 'main(parse_args())'],
      ['/opt/project/train.py', 188, 'main', 'loss = trainer.step(batch)'],
      ['/opt/project/trainer.py', 91, 'step', 'mask = batch["attention_mask"]'],
    ],
    error: "KeyError: 'attention_mask'",
  },
  nanLoss: {
    frames: [
      ['/opt/project/train_ppo.py', 301, '<module>', 'main(parse_args())'],
      ['/opt/project/train_ppo.py', 266, 'main', 'stats = agent.update(rollouts)'],
      ['/opt/project/ppo.py', 148, 'update', 'check_finite(value_loss, "value loss")'],
      ['/opt/project/ppo.py', 37, 'check_finite', 'raise FloatingPointError(f"{name} is NaN")'],
    ],
    error: 'FloatingPointError: value loss is NaN',
  },
};

function formatTraceback(c: ErrorCase, preface?: string): string {
  const lines: string[] = [];
  if (preface !== undefined) lines.push(preface);
  lines.push('Traceback (most recent call last):');
  for (const [file, line, fn, code] of c.frames) {
    lines.push(`  File "${file}", line ${line}, in ${fn}`, `    ${code}`);
  }
  lines.push(c.error);
  return lines.join('\n');
}

/** A traceback of an error the run survives, as one multi-line message (lines joined by `\n`). */
export function tracebackMessage(rng: Rng, preface?: string): string {
  return formatTraceback(rng.pick(TRANSIENT_CASES), preface);
}

/** The traceback that ends a run failed with `kind`. */
export function fatalTraceback(kind: FailureKind): string {
  return formatTraceback(FATAL_CASES[kind]);
}

/** The exception line of a fatal error: what the failed run's status message says. */
export function failureMessage(kind: FailureKind): string {
  return FATAL_CASES[kind].error;
}
