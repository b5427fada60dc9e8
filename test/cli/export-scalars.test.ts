// `tracktop export scalars` through the built binary against the embedded server: every point,
// exactly, in CSV and JSON lines; --metric; -o FILE written via FILE.partial.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/index.js';
import type { ScalarEventInput } from '../../src/wire/events.js';
import { BIN } from '../helpers/demo-process.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { clientFor, runExport } from './export-helpers.js';

const execFileAsync = promisify(execFile);
const METRICS = ['accuracy', 'loss', 'lr', 'val, "quoted"'];
const VARIANTS = ['train', 'val'];
const ITERS = 2500; // 4 metrics x 2 variants x 2500 = 20,000 points
const START = 1_700_000_000_000;

interface Point {
  iteration: number;
  timestamp: number;
  metric: string;
  variant: string;
  value: number;
}

let server: TestServer;
let client: ApiClient;
let home: string;
let taskId: string;
const points: Point[] = [];

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'tracktop-export-'));
  server = await startTestServer();
  client = clientFor(server);
  taskId = (await client.tasks.create({ name: 'scalars run', type: 'training' })).id;
  let seed = 7;
  const random = (): number => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (const metric of METRICS)
    for (const [vi, variant] of VARIANTS.entries())
      for (let iteration = 0; iteration < ITERS; iteration += 1)
        points.push({ iteration, timestamp: START + iteration * 1000 + vi, metric, variant, value: random() * 10 - 5 });
  const events: ScalarEventInput[] = points.map((p) => ({
    type: 'training_stats_scalar',
    task: taskId,
    iter: p.iteration,
    timestamp: p.timestamp,
    metric: p.metric,
    variant: p.variant,
    value: p.value,
  }));
  for (let i = 0; i < events.length; i += 5000) await client.events.addBatch(events.slice(i, i + 5000));
}, 60_000);

afterAll(async () => {
  await client.close();
  await server.close();
  rmSync(home, { recursive: true, force: true });
});

function csvQuote(text: string): string {
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function expectedCsv(keep: (p: Point) => boolean = () => true): string {
  const sorted = points
    .filter(keep)
    .sort(
      (a, b) =>
        (a.metric < b.metric ? -1 : a.metric > b.metric ? 1 : 0) ||
        (a.variant < b.variant ? -1 : a.variant > b.variant ? 1 : 0) ||
        a.iteration - b.iteration,
    );
  const rows = sorted.map((p) =>
    [p.iteration, p.timestamp, csvQuote(p.metric), csvQuote(p.variant), p.value].join(','),
  );
  return ['iteration,timestamp,metric,variant,value', ...rows].join('\n') + '\n';
}

describe('tracktop export scalars', () => {
  it('writes every point to stdout as CSV, by metric, variant and iteration, without a progress bar in a pipe', async () => {
    const r = await runExport(['scalars', taskId], { server, home });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').length - 2).toBe(20_000);
    expect(r.stdout).toBe(expectedCsv());
  }, 60_000);

  it('finds the task by its name and writes JSON lines of one metric to -o FILE', async () => {
    const out = join(home, 'loss.jsonl');
    const r = await runExport(['scalars', 'scalars run', '--format', 'jsonl', '--metric', 'loss', '-o', out], {
      server,
      home,
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(existsSync(`${out}.partial`)).toBe(false);
    const lines = readFileSync(out, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Point);
    const expected = points
      .filter((p) => p.metric === 'loss')
      .sort((a, b) => (a.variant < b.variant ? -1 : a.variant > b.variant ? 1 : 0) || a.iteration - b.iteration);
    expect(lines).toEqual(expected);
  }, 60_000);

  it('stops quietly with exit code 0 when the reader of stdout goes away (| head)', async () => {
    const script = `"${process.execPath}" "${BIN}" export scalars ${taskId} 2>"${home}/err" | head -n 2; echo "status=\${PIPESTATUS[0]}"`;
    const { stdout } = await execFileAsync('bash', ['-c', script], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: home,
        CLEARML_API_HOST: server.url,
        CLEARML_API_ACCESS_KEY: server.accessKey,
        CLEARML_API_SECRET_KEY: server.secretKey,
      },
    });
    expect(stdout).toBe(`iteration,timestamp,metric,variant,value\n${expectedCsv().split('\n')[1]}\nstatus=0\n`);
    expect(readFileSync(join(home, 'err'), 'utf8')).toBe('');
  }, 60_000);

  it('names the metrics it has when --metric is unknown', async () => {
    const r = await runExport(['scalars', taskId, '--metric', 'nope'], { server, home });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("the task has no scalar metric 'nope'; its metrics: accuracy, loss, lr");
    expect(r.stdout).toBe('');
  });
});
