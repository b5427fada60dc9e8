// `E` in the monitor: the focused pane exported by the export modules into a directory,
// against the embedded server.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type ApiClient } from '../../src/api/index.js';
import { exportFileName, monitorExporter } from '../../src/cli/export/from-monitor.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { addLogLines, addScalars, createTask } from '../helpers/store-fixture.js';

let server: TestServer;
let client: ApiClient;
let dir: string;
let task: string;

beforeAll(async () => {
  server = await startTestServer();
  client = createClient({ apiHost: server.url, accessKey: server.accessKey, secretKey: server.secretKey });
  task = await createTask(client, 'exported');
  await addScalars(client, task, 'loss', 'train', [3, 2, 1]);
  await addScalars(client, task, 'acc', 'val', [0.5, 0.7]);
  await addLogLines(client, task, 1, 3, (i) => `log line ${i}`);
  dir = mkdtempSync(join(tmpdir(), 'tracktop-export-e-'));
});

afterAll(async () => {
  await client.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('E: export from the monitor', () => {
  it('writes the log pane as text and the scalars pane as CSV, each to a new file', async () => {
    const exportPane = monitorExporter(client, dir);
    const log = await exportPane({ pane: 'logs', taskId: task, metric: null });
    expect(log).toBe(join(dir, `tracktop-${task}-log.txt`));
    const text = readFileSync(log, 'utf8');
    for (const i of [1, 2, 3]) expect(text).toContain(`log line ${i}`);
    const scalars = await exportPane({ pane: 'scalars', taskId: task, metric: null });
    const csv = readFileSync(scalars, 'utf8');
    expect(csv).toContain('loss');
    expect(csv).toContain('acc');
  });

  it("exports the chart's metric only, and never overwrites an existing file", async () => {
    const taken = join(dir, `tracktop-${task}-loss-scalars.csv`);
    writeFileSync(taken, 'keep me');
    const path = await monitorExporter(client, dir)({ pane: 'chart', taskId: task, metric: 'loss' });
    expect(path).toBe(join(dir, `tracktop-${task}-loss-scalars-2.csv`));
    expect(readFileSync(taken, 'utf8')).toBe('keep me');
    const csv = readFileSync(path, 'utf8');
    expect(csv).toContain('loss');
    expect(csv).not.toContain('acc');
  });

  it('says which panes it exports, and leaves no file when the export fails', async () => {
    const exportPane = monitorExporter(client, dir);
    await expect(exportPane({ pane: 'summary', taskId: task, metric: null })).rejects.toThrow(
      'E exports the logs, scalars, chart or plots pane, not the summary pane',
    );
    await expect(exportPane({ pane: 'chart', taskId: task, metric: 'nope' })).rejects.toThrow(
      "the task has no scalar metric 'nope'",
    );
    expect(() => readFileSync(exportFileName(dir, task, 'chart', 'nope'))).toThrow();
    expect(readdirSync(dir).filter((name) => name.includes('partial'))).toEqual([]);
    const unwritable = monitorExporter(client, join(dir, 'missing', 'dir'));
    await expect(unwritable({ pane: 'logs', taskId: task, metric: null })).rejects.toThrow(/cannot write/);
  });
});
