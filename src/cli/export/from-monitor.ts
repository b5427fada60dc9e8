// `E` in the monitor: what the focused pane shows, exported with the same modules as
// `tracktop export` (log as text, scalars as CSV, the chart's metric as CSV, plots as JSON
// lines) to a new file in the current directory, named by the task's name, the pane and the time.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
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

const EXTENSION: Record<Kind, string> = {
  log: 'txt',
  scalars: 'csv',
  chart: 'csv',
  plots: 'jsonl',
};

const two = (n: number): string => String(n).padStart(2, '0');

/** Local time as `YYYYMMDD-HHMMSS` (sorts by time, safe in a file name). */
function fileTimestamp(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.getFullYear()}${two(d.getMonth() + 1)}${two(d.getDate())}-${two(d.getHours())}${two(d.getMinutes())}${two(d.getSeconds())}`;
}

/**
 * "<task name>-<pane>-<time>.<ext>" in `dir` as an absolute path, with -2, -3… added rather
 * than overwriting a file.
 */
export function exportFileName(dir: string, taskName: string, pane: PaneName, kind: Kind, epochMs: number): string {
  const base = `${safeNamePart(taskName)}-${pane}-${fileTimestamp(epochMs)}`;
  const ext = EXTENSION[kind];
  let path = resolve(dir, `${base}.${ext}`);
  for (let n = 2; existsSync(path); n += 1) path = resolve(dir, `${base}-${n}.${ext}`);
  return path;
}

/** The monitor's exporter for `client`, writing into `dir` (default the current directory). */
export function monitorExporter(
  client: ApiClient,
  dir: string = process.cwd(),
  now: () => number = Date.now,
): PaneExporter {
  return async ({ pane, taskId, taskName, metric }) => {
    const kind = KIND_OF_PANE[pane];
    if (kind === undefined) throw new Error(`E exports the logs, scalars, chart or plots pane, not the ${pane} pane`);
    if (kind === 'chart' && metric === null) throw new Error('the chart shows no metric yet');
    const path = exportFileName(dir, taskName !== undefined && taskName !== '' ? taskName : taskId, pane, kind, now());
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
