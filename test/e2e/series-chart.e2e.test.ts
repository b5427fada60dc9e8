// Every series shown right, and the chart and log views, in a real terminal (the built binary
// in tmux) against the embedded server, at 80x24, 120x40 and 200x60: a run whose reward is all
// negative, whose advantage crosses zero and whose accuracy is positive shows all three with
// their last / min / max; :monitor: series come after them and fold; the chart draws log-scale
// y and time since start; Z zooms; the logs pane says where it is and counts new lines.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type ApiClient } from '../../src/api/index.js';
import type { EventInput } from '../../src/wire/events.js';
import { startMonitorOn } from '../helpers/demo-process.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { tmuxAvailable, type TmuxSession } from '../helpers/tmux.js';

let server: TestServer;
let client: ApiClient;
let home: string;
let tmux: TmuxSession | undefined;
let task = '';

const HOUR = 3_600_000;
const T0 = Date.now() - 3 * HOUR;

function scalars(id: string, metric: string, variant: string, values: number[], start: number): EventInput[] {
  return values.map((value, iter) => ({
    type: 'training_stats_scalar',
    task: id,
    metric,
    variant,
    iter,
    value,
    timestamp: start + iter * 60_000,
  }));
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'tracktop-series-'));
  server = await startTestServer();
  client = createClient({ apiHost: server.url, accessKey: server.accessKey, secretKey: server.secretKey });
  const other = await client.tasks.create({ name: 'rl-later', type: 'training' });
  await client.tasks.started({ task: other.id });
  await client.events.addBatch(scalars(other.id, 'loss', 'total', [1, 0.1, 0.01], T0 + 2 * HOUR));
  const { id } = await client.tasks.create({ name: 'rl-run', type: 'training' });
  task = id;
  await client.tasks.started({ task: id });
  const loss = Array.from({ length: 30 }, (_, i) => 10 ** (-i / 4));
  await client.events.addBatch([
    ...scalars(id, 'reward', 'mean', [-1500, -1200, -900, -700, -505], T0),
    ...scalars(id, 'advantage', 'total', [0.8, -0.4, 0.1, -0.07], T0),
    ...scalars(id, 'val', 'acc', [0.1, 0.5, 0.87], T0),
    ...scalars(id, 'loss', 'total', loss, T0),
    ...scalars(id, ':monitor:machine', 'memory_used_gb', [3, 4], T0),
    ...scalars(id, ':monitor:machine', 'memory_free_gb', [5, 4], T0),
    ...Array.from({ length: 300 }, (_, i) => ({
      type: 'log' as const,
      task: id,
      level: 'info',
      msg: `step ${i + 1} of the training loop`,
      timestamp: T0 + i * 1000,
    })),
  ]);
}, 60_000);

afterAll(async () => {
  tmux?.kill();
  await client?.close();
  await server?.close();
  rmSync(home, { recursive: true, force: true });
});

/** Every row within the columns, and the frame shorter than the terminal. */
function expectFits(screen: string, columns: number, rows: number): void {
  const lines = screen.split('\n');
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  expect(lines.length).toBeLessThanOrEqual(rows);
  for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(columns);
}

describe.skipIf(!tmuxAvailable())('series, chart and log views in tmux', () => {
  it.each([
    [80, 24],
    [120, 40],
    [200, 60],
  ])(
    'at %ix%i',
    async (columns, rows) => {
      tmux?.kill();
      tmux = startMonitorOn(server, home, columns, rows);
      const t = tmux;
      await t.waitFor('rl-run', 30_000);

      // Scalars: all three signs, with last / min / max (wide enough at 120 and 200).
      t.sendKeys('4');
      const list = await t.waitFor(/reward › mean\s+-505/, 20_000);
      expect(list).toMatch(/advantage › total\s+-0\.07/);
      expect(list).toMatch(/val › acc\s+0\.87/);
      if (columns >= 120) expect(list).toMatch(/reward › mean\s+-505\s+-1,?500\s+-505/);
      expect(list).toContain(':monitor: 2 series');
      const userRow = list.split('\n').findIndex((l) => l.includes('val › acc'));
      const groupRow = list.split('\n').findIndex((l) => l.includes(':monitor: 2 series'));
      expect(groupRow).toBeGreaterThan(userRow);
      expectFits(list, columns, rows);
      t.sendKeys('z');
      await t.waitFor((s) => s.includes(':monitor: 2 series (z: show)') && !s.includes('memory_used_gb'));

      // Chart of loss: log-scale y, then time since start.
      t.sendKeys('g', 'j', 'Enter');
      await t.waitFor('chart: loss');
      t.sendKeys('L');
      const log = await t.waitFor(/· log y/);
      expect(log).toMatch(/\d(\.\d+)?e-\d|0\.000\d/);
      expectFits(log, columns, rows);
      t.sendKeys('x', 'x');
      const since = await t.waitFor((s) => s.includes('x: since start') && !s.includes('loading'), 20_000);
      // Ticks count from the run's start.
      expect(since).toMatch(/\s0s\s+\d+m\s/);
      expectFits(since, columns, rows);

      // Zoom: the chart fills the body; the task list is gone until Z again.
      if (columns >= 100) {
        t.sendKeys('Z');
        await t.waitFor((s) => !s.includes('rl-later'));
        t.sendKeys('Z');
        await t.waitFor('rl-later');
      }

      // Logs: the position, and new lines counted with follow off.
      t.sendKeys('6');
      await t.waitFor(/newest line|line 300 of 300/);
      // A page up: the view leaves the bottom, so new lines do not pull it down.
      t.sendKeys('PageUp');
      await t.waitFor(/follow off · \d+ lines? before the newest/);
      await client.events.addBatch(
        Array.from({ length: 4 }, (_, i) => ({
          type: 'log' as const,
          task,
          level: 'info',
          msg: `late line ${i}`,
          timestamp: Date.now() + i,
        })),
      );
      const marked = await t.waitFor(/4 new lines/, 20_000);
      expectFits(marked, columns, rows);
      t.sendKeys('q');
      await t.waitFor(/tracktop-exit=0/, 10_000);
    },
    90_000,
  );
});
