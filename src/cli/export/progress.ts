// The progress line of an export on stderr: count, rate, ETA and total when known. Redrawn at
// most every 200 ms, and only when stderr is a terminal (in a pipe or a log file it stays silent).
import type { Writable } from 'node:stream';

const PROGRESS_INTERVAL_MS = 200;
const BAR_WIDTH = 20;

interface ProgressState {
  /** What is counted: "points", "lines", "plots", "images". */
  unit: string;
  done: number;
  total?: number | undefined;
  elapsedMs: number;
  /** Extra context, e.g. the metric being read. */
  note?: string | undefined;
}

function compact(n: number): string {
  if (n < 10_000) return String(Math.round(n));
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 100_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(2)}M`;
}

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '--:--';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (x: number): string => String(x).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}

/** One progress line without colour, e.g. "[#####-----] 5.0k/10.0k points  2.1k/s  ETA 00:02". */
export function formatProgress(state: ProgressState): string {
  const seconds = state.elapsedMs / 1000;
  const rate = seconds > 0 ? state.done / seconds : 0;
  const parts: string[] = [];
  const total = state.total !== undefined && state.total > 0 ? state.total : undefined;
  if (total !== undefined) {
    const fraction = Math.min(1, state.done / total);
    const filled = Math.round(fraction * BAR_WIDTH);
    parts.push(`[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`);
    parts.push(`${compact(state.done)}/${compact(total)} ${state.unit}`);
  } else {
    parts.push(`${compact(state.done)} ${state.unit}`);
  }
  parts.push(`${compact(rate)}/s`);
  if (total !== undefined) {
    const eta = rate > 0 ? Math.max(0, total - state.done) / rate : Number.NaN;
    parts.push(`ETA ${formatDuration(eta)}`);
  } else {
    parts.push(formatDuration(seconds));
  }
  if (state.note) parts.push(state.note);
  return parts.join('  ');
}

export interface Progress {
  set(done: number, note?: string): void;
  setTotal(total: number | undefined): void;
  /** Draws the final state and ends the line. */
  finish(): void;
  /** Erases the line (before an error message). */
  clear(): void;
}

export const NO_PROGRESS: Progress = { set() {}, setTotal() {}, finish() {}, clear() {} };

export function createProgress(
  unit: string,
  stderr: Writable & { isTTY?: boolean; columns?: number },
  now: () => number = () => performance.now(),
): Progress {
  if (!stderr.isTTY) return NO_PROGRESS;
  const start = now();
  let lastDraw = -Infinity;
  let done = 0;
  let total: number | undefined;
  let note: string | undefined;
  let drawn = false;
  const draw = (): void => {
    lastDraw = now();
    const line = formatProgress({ unit, done, total, elapsedMs: lastDraw - start, note });
    const width = Math.max(10, (stderr.columns ?? 80) - 1);
    stderr.write(`\r${line.slice(0, width)}\u001b[K`);
    drawn = true;
  };
  return {
    set(value, newNote) {
      done = value;
      if (newNote !== undefined) note = newNote;
      if (now() - lastDraw >= PROGRESS_INTERVAL_MS) draw();
    },
    setTotal(value) {
      total = value;
    },
    finish() {
      note = undefined;
      draw();
      stderr.write('\n');
    },
    clear() {
      if (drawn) stderr.write('\r\u001b[K');
    },
  };
}
