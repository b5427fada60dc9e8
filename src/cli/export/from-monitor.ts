// `E` in the monitor: what the focused pane shows, exported with the same modules as
// `tracktop export` (log as text, scalars as CSV, the chart's metric as CSV, plots as JSON
// lines) to a new file in the current directory.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiClient } from '../../api/index.js';
import type { PaneName } from '../../store/types.js';
import type { PaneExporter } from '../../ui/pane-effects.js';
import { exportLog, exportPlots, exportScalars, type ExportContext } from './exporters.js';
import { safeNamePart } from './images.js';
import { openSink } from './output.js';
import { NO_PROGRESS } from './progress.js';

type Kind = 'log' | 'scalars' | 'chart' | 'plots';

const KIND_OF_PANE: Partial<Record<PaneName, Kind>> = {
  logs: 'log',
  scalars: 'scalars',
  chart: 'chart',
  plots: 'plots',
};

const SUFFIX: Record<Kind, string> = {
  log: 'log.txt',
  scalars: 'scalars.csv',
  chart: 'scalars.csv',
  plots: 'plots.jsonl',
};

/** "tracktop-<task>-<what>.<ext>" in `dir`, with -2, -3… added rather than overwriting a file. */
export function exportFileName(dir: string, taskId: string, kind: Kind, metric: string | null): string {
  const what = kind === 'chart' && metric !== null ? `${safeNamePart(metric)}-${SUFFIX[kind]}` : SUFFIX[kind];
  const base = `tracktop-${safeNamePart(taskId)}-`;
  let path = join(dir, `${base}${what}`);
  for (let n = 2; existsSync(path); n += 1) path = join(dir, `${base}${what.replace('.', `-${n}.`)}`);
  return path;
}

/** The monitor's exporter for `client`, writing into `dir` (default the current directory). */
export function monitorExporter(client: ApiClient, dir: string = process.cwd()): PaneExporter {
  return async ({ pane, taskId, metric }) => {
    const kind = KIND_OF_PANE[pane];
    if (kind === undefined) throw new Error(`E exports the logs, scalars, chart or plots pane, not the ${pane} pane`);
    if (kind === 'chart' && metric === null) throw new Error('the chart shows no metric yet');
    const path = exportFileName(dir, taskId, kind, metric);
    const sink = await openSink(path);
    // The monitor owns the terminal: no progress line on stderr.
    const ctx: ExportContext = { client, task: taskId, sink, progress: NO_PROGRESS, wantTotals: false };
    try {
      if (kind === 'log') await exportLog(ctx, 'text');
      else if (kind === 'plots') await exportPlots(ctx);
      else await exportScalars(ctx, 'csv', kind === 'chart' ? (metric ?? undefined) : undefined);
      await sink.commit();
    } catch (err) {
      await sink.abort();
      throw err;
    }
    return path;
  };
}
