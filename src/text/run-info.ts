// The run-info pane's content as lines: status with its reason, times and duration, user,
// tags, hyperparameters, configuration, artifacts and models. Pure: the store counts and
// searches these lines, the pane draws them; values that change with the clock move by whole
// minutes only.
import { formatBytes, formatMonthDayTime } from './format.js';
import { sanitize } from './sanitize.js';

export interface RunInfoParam {
  section: string;
  name: string;
  value: string;
  type: string;
  description: string;
}

export interface RunInfoConfig {
  name: string;
  /** Text, possibly many lines. */
  value: string;
  type: string;
}

/** An artifact the run stored or used (`execution.artifacts`). */
export interface RunInfoArtifact {
  key: string;
  /** `input` or `output`. */
  mode: string;
  type: string;
  /** Bytes, null when the server sent none. */
  size: number | null;
  uri: string;
}

/** A model the run used (`input`) or produced (`output`), with the model's own record. */
export interface RunInfoModel {
  /** The task's name for it (`models.input/output[].name`). */
  name: string;
  id: string;
  stage: 'input' | 'output';
  /** The model's own name, uri and state; empty when the model is gone. */
  modelName: string;
  uri: string;
  ready: boolean | null;
}

export interface RunInfo {
  id: string;
  name: string;
  status: string;
  statusReason: string;
  statusMessage: string;
  type: string;
  project: string;
  user: string;
  tags: string[];
  /** Epoch ms, null when the server sent none. */
  created: number | null;
  started: number | null;
  completed: number | null;
  lastUpdate: number | null;
  lastIteration: number | null;
  hyperparams: RunInfoParam[];
  configuration: RunInfoConfig[];
  /** Flattened `key: value` pairs. */
  runtime: [string, string][];
  script: [string, string][];
  artifacts: RunInfoArtifact[];
  models: RunInfoModel[];
}

export interface InfoLine {
  kind: 'heading' | 'field';
  label: string;
  /** One line, sanitised; long values are cut by the pane. */
  value: string;
  /** The whole value (multi-line kept), for the text viewer. */
  full: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** `<1m`, `42m`, `3h 05m`, `2d 04h`: whole minutes, so a live value changes once a minute. */
export function formatMinutes(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '-';
  const total = Math.max(0, ms);
  if (total < MINUTE) return '<1m';
  const days = Math.floor(total / DAY);
  const hours = Math.floor((total % DAY) / HOUR);
  const minutes = Math.floor((total % HOUR) / MINUTE);
  if (days > 0) return `${days}d ${String(hours).padStart(2, '0')}h`;
  if (hours > 0) return `${hours}h ${String(minutes).padStart(2, '0')}m`;
  return `${minutes}m`;
}

/** Running tasks count up to `now`; ended ones to their completion (or last update). */
export function runDuration(info: RunInfo, now: number): number | null {
  if (info.started === null) return null;
  const running = info.status === 'in_progress';
  const end = running ? now : (info.completed ?? info.lastUpdate);
  return end === null ? null : end - info.started;
}

/** The first time after `now` that is a whole number of minutes after `from`. */
function nextWholeMinuteAfter(from: number, now: number): number {
  return from + (Math.floor((now - from) / MINUTE) + 1) * MINUTE;
}

/**
 * When the text of `runInfoLines(info, ·)` next changes after `now` (the running duration or the
 * last-update age reaching another whole minute), or null when nothing in it moves with time.
 */
export function nextInfoChange(info: RunInfo, now: number): number | null {
  const times: number[] = [];
  if (info.status === 'in_progress' && info.started !== null) times.push(nextWholeMinuteAfter(info.started, now));
  if (info.lastUpdate !== null) times.push(nextWholeMinuteAfter(info.lastUpdate, now));
  return times.length === 0 ? null : Math.min(...times);
}

function firstLine(text: string): string {
  const lines = text.split(/\r?\n/);
  const head = sanitize(lines[0] ?? '');
  return lines.length > 1 ? `${head} (${lines.length} lines)` : head;
}

function field(label: string, full: string): InfoLine {
  return { kind: 'field', label: sanitize(label), value: firstLine(full), full };
}

function heading(label: string): InfoLine {
  return { kind: 'heading', label: sanitize(label), value: '', full: '' };
}

function time(ms: number | null): string {
  return ms === null ? '-' : formatMonthDayTime(ms);
}

/** Every line of the pane for `info` at `now` (same count and order whatever `now` is). */
export function runInfoLines(info: RunInfo, now: number): InfoLine[] {
  const status = [info.status, info.statusReason].filter((s) => s !== '').join(': ');
  const lines: InfoLine[] = [
    field('status', status === '' ? '-' : status),
    field('message', info.statusMessage === '' ? '-' : info.statusMessage),
    field('name', info.name),
    field('id', info.id),
    field('type', info.type || '-'),
    field('project', info.project || '-'),
    field('user', info.user || '-'),
    field('tags', info.tags.length === 0 ? '-' : info.tags.join(', ')),
    field('created', time(info.created)),
    field('started', time(info.started)),
    field('completed', time(info.completed)),
    field('duration', formatMinutes(runDuration(info, now))),
    field('updated', info.lastUpdate === null ? '-' : `${formatMinutes(now - info.lastUpdate)} ago`),
    field('iteration', info.lastIteration === null ? '-' : String(info.lastIteration)),
  ];
  lines.push(heading(`hyperparameters (${info.hyperparams.length})`));
  for (const p of info.hyperparams) lines.push(field(`${p.section}/${p.name}`, p.value));
  lines.push(heading(`configuration (${info.configuration.length})`));
  for (const c of info.configuration) lines.push(field(c.name, c.value));
  lines.push(heading(`artifacts (${info.artifacts.length})`));
  for (const a of info.artifacts)
    lines.push(field(a.key, [a.mode, a.size === null ? '-' : formatBytes(a.size), a.uri || '-'].join(' · ')));
  lines.push(heading(`models (${info.models.length})`));
  for (const m of info.models) {
    const state = m.ready === null ? 'not found' : m.ready ? 'published' : 'draft';
    const name = m.modelName !== '' && m.modelName !== m.name ? `${m.name} (${m.modelName})` : m.name;
    lines.push(field(name, [m.stage, state, m.uri || '-'].join(' · ')));
  }
  if (info.script.length > 0) {
    lines.push(heading('script'));
    for (const [key, value] of info.script) lines.push(field(key, value));
  }
  if (info.runtime.length > 0) {
    lines.push(heading('runtime'));
    for (const [key, value] of info.runtime) lines.push(field(key, value));
  }
  return lines;
}

/** Indexes of the lines whose label or whole value contains `query` (case-insensitive). */
export function searchInfoLines(lines: readonly InfoLine[], query: string): number[] {
  const needle = query.toLowerCase();
  if (needle === '') return [];
  const found: number[] = [];
  lines.forEach((line, i) => {
    if (line.label.toLowerCase().includes(needle) || line.full.toLowerCase().includes(needle)) found.push(i);
  });
  return found;
}
