// The Cluster view's lines, pure: a worker row (state, name, user, task, project, bars of its
// last report, last seen) and the queues' lines (a heading per queue, then its first waiting
// tasks). Every server string passes through `cell` (sanitised). Relative times are measured
// from the data's own time (`asOf`), never the clock, so a still screen stays still.
import type { ClusterQueue, ClusterWorker, MachineBars } from '../../store/types.js';
import { formatDuration, formatRelativeTime, plural } from '../../text/format.js';
import { sparkline } from '../../text/sparkline.js';
import { cell } from '../cells.js';

const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];

/** A percentage as a bar `width` cells wide (eighths of a cell; `#` with --ascii); blank when unknown. */
export function percentBar(value: number | null, width: number, ascii: boolean): string {
  if (width <= 0) return '';
  if (value === null) return '-'.padEnd(width);
  const eighths = Math.round((Math.min(100, Math.max(0, value)) / 100) * width * 8);
  const full = Math.floor(eighths / 8);
  const part = ascii ? '' : (EIGHTHS[eighths % 8] as string);
  const text = (ascii ? '#' : '█').repeat(full) + part;
  return text + (ascii ? '.' : '·').repeat(Math.max(0, width - full - (part === '' ? 0 : 1)));
}

interface Column {
  title: string;
  /** 0: shares what is left. */
  width: number;
}

const BAR_WIDTH = 4;

/** The columns of the workers pane at a width: user and project go first, then the task. */
export function workerColumns(width: number): Column[] {
  const bars: Column[] = [
    { title: 'cpu', width: BAR_WIDTH },
    { title: 'gpu', width: BAR_WIDTH },
    { title: 'mem', width: BAR_WIDTH },
  ];
  const seen = { title: 'seen', width: 8 };
  if (width >= 110)
    return [
      { title: 'worker', width: 24 },
      { title: 'user', width: 12 },
      { title: 'task', width: 0 },
      { title: 'project', width: 18 },
      ...bars,
      seen,
    ];
  if (width >= 56) return [{ title: 'worker', width: 20 }, { title: 'task', width: 0 }, ...bars, seen];
  return [{ title: 'worker', width: 0 }, ...bars, seen];
}

/** Widths of the columns on a line `width` wide (a state glyph and a space first, one space between). */
function widths(columns: readonly Column[], width: number): number[] {
  const fixed = columns.reduce((sum, c) => sum + c.width + 1, 2);
  const flex = Math.max(4, width - fixed);
  return columns.map((c) => (c.width === 0 ? flex : c.width));
}

export function workerHeader(width: number): string {
  const columns = workerColumns(width);
  const sizes = widths(columns, width);
  return `  ${columns.map((c, i) => cell(c.title, sizes[i] as number)).join(' ')}`;
}

export interface WorkerLook {
  ascii: boolean;
  /** Epoch ms the data is from (relative times are measured from it). */
  asOf: number;
}

/** One worker's line, exactly `width` wide or less. */
export function workerLine(
  worker: ClusterWorker,
  bars: MachineBars | undefined,
  width: number,
  look: WorkerLook,
): string {
  const columns = workerColumns(width);
  const sizes = widths(columns, width);
  const running = worker.taskId !== null;
  const glyph = running ? (look.ascii ? '>' : '▶') : look.ascii ? '-' : '·';
  const values: Record<string, string> = {
    worker: worker.id,
    user: worker.user,
    task: running ? worker.taskName || worker.taskId || '' : 'idle',
    project: worker.project,
    seen: worker.lastSeen === null ? '-' : formatRelativeTime(worker.lastSeen, look.asOf),
  };
  const parts = columns.map((c, i) => {
    const size = sizes[i] as number;
    if (c.title === 'cpu' || c.title === 'gpu' || c.title === 'mem') {
      const value = c.title === 'cpu' ? bars?.cpu : c.title === 'gpu' ? bars?.gpu : bars?.memory;
      return percentBar(value ?? null, size, look.ascii);
    }
    return cell(values[c.title] ?? '', size, c.title === 'seen' ? 'right' : 'left');
  });
  return `${glyph} ${parts.join(' ')}`;
}

/** The selected worker's last hour: `cpu 1h ▁▂▅…` (and gpu), or nothing without points. */
export function sparkLines(spark: { cpu: number[]; gpu: number[] } | null, width: number, ascii: boolean): string[] {
  if (spark === null) return [];
  const range = { min: 0, max: 100 };
  const line = (label: string, values: number[]) =>
    values.length === 0 ? [] : [`${label} 1h ${sparkline(values, Math.max(1, width - 7), { ascii, range })}`];
  return [...line('cpu', spark.cpu), ...line('gpu', spark.gpu)];
}

export interface QueueLine {
  text: string;
  kind: 'queue' | 'entry';
  /** An entry's index among every shown entry (the cursor's). */
  entry?: number;
}

/** Each queue's heading (name, length, oldest wait, workers listening) and its first waiting tasks. */
export function queueLines(queues: readonly ClusterQueue[], width: number, asOf: number): QueueLine[] {
  const lines: QueueLine[] = [];
  let entry = 0;
  const nameWidth = Math.min(28, Math.max(8, Math.floor(width / 3)));
  for (const q of queues) {
    const oldest = q.entries[0]?.added ?? null;
    const facts = [
      `${q.length} waiting`,
      oldest === null ? '' : `oldest ${formatDuration(asOf - oldest)}`,
      `${q.workers} ${plural(q.workers, 'worker')}`,
    ].filter((f) => f !== '');
    lines.push({ kind: 'queue', text: cell(`${cell(q.name, nameWidth)} ${facts.join(', ')}`, width) });
    q.entries.forEach((e, i) => {
      const waited = e.added === null ? '' : formatDuration(asOf - e.added);
      const lead = `${String(i + 1).padStart(3)}. `;
      const room = Math.max(1, width - lead.length - waited.length - 1);
      lines.push({ kind: 'entry', entry, text: `${lead}${cell(e.name || e.taskId, room)} ${waited}` });
      entry += 1;
    });
  }
  return lines;
}
