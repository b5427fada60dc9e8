// `tracktop export log` through the built binary: the 50,000-line demo log comes back line for
// line (runs of equal timestamps never split or repeated across pages), and multi-line
// events keep their lines.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/index.js';
import { bigLogEvents } from '../../src/demo/big-log.js';
import type { RunShape } from '../../src/demo/curves.js';
import type { DemoClient } from '../../src/demo/index.js';
import { writeEvents } from '../../src/demo/write-events.js';
import type { LogEventInput } from '../../src/wire/events.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { clientFor, runExport } from './export-helpers.js';

const shape: RunShape = {
  kind: 'vision',
  seed: 3,
  totalIters: 400,
  warmupIters: 15,
  baseLr: 0.4,
  valEvery: 5,
  difficulty: 0.2,
};

let server: TestServer;
let client: ApiClient;
let home: string;
let bigTask: string;
let bigLog: LogEventInput[];
let multiTask: string;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'tracktop-export-log-'));
  server = await startTestServer();
  client = clientFor(server);
  bigTask = (await client.tasks.create({ name: 'long log', type: 'training' })).id;
  bigLog = [
    ...bigLogEvents({
      task: bigTask,
      taskName: 'long log',
      shape,
      lines: 50_000,
      startMs: 1_700_000_000_000,
      spanMs: 4 * 3_600_000,
      seed: 9,
      worker: 'w',
      iterations: 400,
    }),
  ];
  await writeEvents(client as unknown as DemoClient, bigLog);
  multiTask = (await client.tasks.create({ name: 'multi-line log (v2) [x]*?', type: 'training' })).id;
  const at = 1_700_000_000_000;
  await client.events.addBatch([
    { type: 'log', task: multiTask, timestamp: at, msg: 'first', level: 'info' },
    {
      type: 'log',
      task: multiTask,
      timestamp: at + 1,
      msg: 'Traceback:\n  File "x.py"\nValueError: bad',
      level: 'error',
    },
    { type: 'log', task: multiTask, timestamp: at + 2, msg: 'last', level: 'info' },
  ]);
}, 120_000);

afterAll(async () => {
  await client.close();
  await server.close();
  rmSync(home, { recursive: true, force: true });
});

describe('tracktop export log', () => {
  it('reproduces the 50,000-line demo log line for line, oldest first', async () => {
    const out = join(home, 'big.log');
    const r = await runExport(['log', bigTask, '-o', out], { server, home });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = readFileSync(out, 'utf8').split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(50_000);
    expect(lines).toEqual(bigLog.map((e) => e.msg));
  }, 120_000);

  it('keeps the lines of multi-line events, and gives timestamps and levels as JSON lines', async () => {
    const text = await runExport(['log', 'multi-line log (v2) [x]*?'], { server, home });
    expect(text.code).toBe(0);
    expect(text.stdout).toBe('first\nTraceback:\n  File "x.py"\nValueError: bad\nlast\n');
    const jsonl = await runExport(['log', multiTask, '--format', 'jsonl'], { server, home });
    const rows = jsonl.stdout
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { timestamp: number; level: string; msg: string });
    expect(rows.map((r) => [r.timestamp - 1_700_000_000_000, r.level, r.msg])).toEqual([
      [0, 'info', 'first'],
      [1, 'error', 'Traceback:\n  File "x.py"\nValueError: bad'],
      [2, 'info', 'last'],
    ]);
  }, 60_000);
});
