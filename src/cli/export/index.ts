// `tracktop export scalars|log|plots|images|artifacts TASK`: checks the arguments, opens the output first
// (an unwritable path fails before any download), resolves the task, runs the export, and
// renames FILE.partial to FILE only when everything arrived.
import { UsageError, type ParsedArgs } from '../args.js';
import { CliError, clientFromProfile, maxAnswerBytes, profileFromArgs } from '../connection.js';
import { exportLog, exportPlots, exportScalars, type LogFormat, type ScalarFormat } from './exporters.js';
import { exportArtifacts } from './artifacts.js';
import { exportImages, prepareDirectory, skippedSummary, type ImageExportResult } from './images.js';
import { openSink, StdoutClosed, terminalSafe, type ExportSink } from './output.js';
import { createProgress } from './progress.js';
import { resolveTask } from './resolve-task.js';
import { sanitize } from '../../text/sanitize.js';

const KINDS = ['scalars', 'log', 'plots', 'images', 'artifacts'] as const;
/** Kinds saved as files in a directory (-o DIR) rather than one stream. */
const TO_DIRECTORY: readonly Kind[] = ['images', 'artifacts'];
type Kind = (typeof KINDS)[number];

const UNITS: Record<Kind, string> = {
  scalars: 'points',
  log: 'lines',
  plots: 'plots',
  images: 'images',
  artifacts: 'files',
};
const FORMATS: Partial<Record<Kind, readonly string[]>> = { scalars: ['csv', 'jsonl'], log: ['text', 'jsonl'] };

interface ExportRequest {
  kind: Kind;
  task: string;
  format: string | undefined;
  metric: string | undefined;
  output: string | undefined;
}

function parseRequest(args: ParsedArgs): ExportRequest {
  const [kind, task, ...extra] = args.positionals ?? [];
  if (kind === undefined) throw new UsageError(`export what? one of: ${KINDS.join(', ')}`);
  if (!(KINDS as readonly string[]).includes(kind)) {
    throw new UsageError(`cannot export '${kind}': choose one of ${KINDS.join(', ')}`);
  }
  if (task === undefined) throw new UsageError(`export ${kind} needs a TASK (a task id or name)`);
  if (extra.length > 0) throw new UsageError(`unexpected argument '${extra[0]}' after the task`);
  const str = (name: string): string | undefined =>
    typeof args.values[name] === 'string' ? (args.values[name] as string) : undefined;
  const req: ExportRequest = {
    kind: kind as Kind,
    task,
    format: str('format'),
    metric: str('metric'),
    output: str('output'),
  };
  const formats = FORMATS[req.kind];
  if (req.format !== undefined && !formats?.includes(req.format)) {
    throw new UsageError(
      formats ? `--format for ${kind} is one of: ${formats.join(', ')}` : `export ${kind} takes no --format`,
    );
  }
  if (req.metric !== undefined && req.kind !== 'scalars') throw new UsageError('--metric applies to export scalars');
  if (TO_DIRECTORY.includes(req.kind) && req.output === undefined) {
    throw new UsageError(`export ${req.kind} needs -o DIR (the directory to save the ${req.kind} in)`);
  }
  if (req.output === '') throw new UsageError('-o needs a path');
  return req;
}

export async function runExport(
  args: ParsedArgs,
  io: { stdout?: NodeJS.WriteStream; stderr?: NodeJS.WriteStream } = {},
): Promise<number> {
  const stdout = io.stdout ?? process.stdout;
  const stderr = io.stderr ?? process.stderr;
  const req = parseRequest(args);
  const profile = profileFromArgs(args.values);
  const client = clientFromProfile(profile, { maxAnswerBytes: maxAnswerBytes(args.values) });
  let sink: ExportSink | undefined;
  const progress = createProgress(UNITS[req.kind], stderr);
  let images: ImageExportResult | undefined;
  try {
    if (TO_DIRECTORY.includes(req.kind)) await prepareDirectory(req.output as string);
    else {
      sink = await openSink(req.output, stdout);
      if (req.output === undefined && stdout.isTTY) sink = terminalSafe(sink);
    }
    const task = await resolveTask(client, req.task);
    const ctx = {
      client,
      task: task.id,
      sink: sink as ExportSink,
      progress,
      wantTotals: stderr.isTTY === true,
    };
    switch (req.kind) {
      case 'scalars':
        await exportScalars(ctx, (req.format ?? 'csv') as ScalarFormat, req.metric);
        break;
      case 'log':
        await exportLog(ctx, (req.format ?? 'text') as LogFormat);
        break;
      case 'plots':
        await exportPlots(ctx);
        break;
      case 'images':
        images = await exportImages(ctx, {
          dir: req.output as string,
          trustedHosts: [client.apiHost, profile.filesHost],
        });
        break;
      case 'artifacts': {
        const { skipped } = await exportArtifacts(ctx, {
          dir: req.output as string,
          trustedHosts: [client.apiHost, profile.filesHost],
        });
        progress.clear();
        for (const item of skipped)
          stderr.write(`${sanitize(`not downloaded: ${item.label} is at ${item.uri} (not an http(s) URL)`)}\n`);
        break;
      }
    }
    await sink?.commit();
    progress.finish();
    if (images !== undefined && images.skipped.length > 0)
      throw new CliError(skippedSummary(req.output as string, images));
    return 0;
  } catch (err) {
    progress.clear();
    await sink?.abort();
    if (err instanceof StdoutClosed) return 0;
    if (err instanceof CliError || err instanceof UsageError) throw err;
    const what = req.output ? ` (nothing was saved as ${req.output})` : '';
    const message = err instanceof Error && 'describe' in err ? (err as { describe(): string }).describe() : undefined;
    throw new CliError(
      `export ${req.kind} failed: ${message ?? (err instanceof Error ? err.message : String(err))}${TO_DIRECTORY.includes(req.kind) ? '' : what}`,
    );
  } finally {
    await client.close();
  }
}
