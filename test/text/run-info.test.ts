import { describe, expect, it } from 'vitest';
import {
  formatMinutes,
  nextInfoChange,
  runDuration,
  runInfoLines,
  searchInfoLines,
  type RunInfo,
} from '../../src/text/run-info.js';

const MIN = 60_000;
const base: RunInfo = {
  id: 'abc',
  name: 'train',
  status: 'in_progress',
  statusReason: '',
  statusMessage: '',
  type: 'training',
  project: 'p',
  user: 'u',
  tags: ['a', 'b'],
  created: 0,
  started: 10 * MIN,
  completed: null,
  lastUpdate: 20 * MIN,
  lastIteration: 7,
  hyperparams: [{ section: 'Args', name: 'lr', value: '0.1', type: 'float', description: '' }],
  configuration: [{ name: 'cfg', value: 'a: 1\nb: 2\u001b[31m', type: 'yaml' }],
  runtime: [],
  script: [],
  artifacts: [],
  models: [],
};

describe('run info text', () => {
  it('formats whole minutes only', () => {
    expect(formatMinutes(59_999)).toBe('<1m');
    expect(formatMinutes(42 * MIN + 59_000)).toBe('42m');
    expect(formatMinutes(3 * 60 * MIN + 5 * MIN)).toBe('3h 05m');
    expect(formatMinutes(2 * 24 * 60 * MIN + 4 * 60 * MIN)).toBe('2d 04h');
    expect(formatMinutes(null)).toBe('-');
  });

  it('counts a running task up to now and an ended one to its completion', () => {
    expect(runDuration(base, 70 * MIN)).toBe(60 * MIN);
    expect(runDuration({ ...base, status: 'failed', completed: null }, 70 * MIN)).toBe(10 * MIN);
    expect(runDuration({ ...base, status: 'completed', completed: 40 * MIN }, 70 * MIN)).toBe(30 * MIN);
  });

  it('changes the duration and age text only when the minute changes', () => {
    const at = (now: number) => runInfoLines(base, now).map((l) => `${l.label}=${l.value}`);
    expect(at(70 * MIN + 1_000)).toEqual(at(70 * MIN + 59_000));
    expect(at(71 * MIN)).not.toEqual(at(70 * MIN));
    expect(at(70 * MIN)).toContain('duration=1h 00m');
    expect(at(70 * MIN)).toContain('updated=50m ago');
  });

  it('knows when its text next changes: the next whole minute of the duration or the age', () => {
    // Started at 10m, updated at 20m 30s: at 70m 10s the age reaches 50m at 70m 30s.
    expect(nextInfoChange({ ...base, lastUpdate: 20 * MIN + 30_000 }, 70 * MIN + 10_000)).toBe(70 * MIN + 30_000);
    expect(nextInfoChange(base, 70 * MIN + 10_000)).toBe(71 * MIN);
    const at = (now: number) => runInfoLines(base, now).map((l) => l.value);
    const next = nextInfoChange(base, 70 * MIN + 10_000) as number;
    expect(at(next - 1)).toEqual(at(70 * MIN + 10_000));
    expect(at(next)).not.toEqual(at(70 * MIN + 10_000));
    expect(nextInfoChange({ ...base, status: 'completed', lastUpdate: null }, 0)).toBeNull();
  });

  it('puts the reason with the status, sanitises and shortens multi-line values, keeps them whole', () => {
    const lines = runInfoLines({ ...base, status: 'failed', statusReason: 'CUDA OOM' }, 0);
    expect(lines[0]).toMatchObject({ label: 'status', value: 'failed: CUDA OOM' });
    const cfg = lines.find((l) => l.label === 'cfg');
    expect(cfg?.value).toBe('a: 1 (2 lines)');
    expect(cfg?.full).toBe('a: 1\nb: 2\u001b[31m');
    expect(lines.find((l) => l.label === 'Args/lr')?.value).toBe('0.1');
    expect(lines.map((l) => l.value).join('')).not.toContain('\u001b');
  });

  it('searches labels and whole values, case-insensitively', () => {
    const lines = runInfoLines(base, 0);
    expect(searchInfoLines(lines, 'B: 2').map((i) => lines[i]?.label)).toEqual(['cfg']);
    expect(searchInfoLines(lines, 'ARGS/').map((i) => lines[i]?.label)).toEqual(['Args/lr']);
    expect(searchInfoLines(lines, '')).toEqual([]);
  });
});

describe('run info: artifacts and models', () => {
  it('lists each artifact with stage, size and uri, and each model with stage, state and uri', () => {
    const info: RunInfo = {
      ...base,
      artifacts: [
        { key: 'losses', mode: 'output', type: 'pandas', size: 1536, uri: 'http://f/losses.csv.gz' },
        { key: 'data', mode: 'input', type: 'custom', size: null, uri: '' },
      ],
      models: [
        { name: 'checkpoint', id: 'm1', stage: 'output', modelName: 'lenet', uri: 'file:///ck.pt', ready: true },
        { name: 'base', id: 'm2', stage: 'input', modelName: '', uri: '', ready: null },
      ],
    };
    const lines = runInfoLines(info, 30 * MIN).map((l) => [l.label, l.value]);
    const at = lines.findIndex(([label]) => label === 'artifacts (2)');
    expect(lines.slice(at, at + 6)).toEqual([
      ['artifacts (2)', ''],
      ['losses', 'output · 1.5 KiB · http://f/losses.csv.gz'],
      ['data', 'input · - · -'],
      ['models (2)', ''],
      ['checkpoint (lenet)', 'output · published · file:///ck.pt'],
      ['base', 'input · not found · -'],
    ]);
  });
});
