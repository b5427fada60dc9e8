// `E` in the monitor: the focused pane exported by the export modules into a directory,
// against the embedded server.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, relative as relativePath } from 'node:path';
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

/** 2025-05-06 14:03:09 local time. */
const AT = new Date(2025, 4, 6, 14, 3, 9).getTime();

describe('E: export from the monitor', () => {
  it('writes the log pane as text and the scalars pane as CSV, named by task name, pane and time', async () => {
    const exportPane = monitorExporter(client, dir, () => AT);
    const log = await exportPane({ pane: 'logs', taskId: task, taskName: 'resnet50 baseline', metric: null });
    expect(log).toBe(join(dir, 'resnet50_baseline-logs-20250506-140309.txt'));
    expect(isAbsolute(log)).toBe(true);
    const text = readFileSync(log, 'utf8');
    for (const i of [1, 2, 3]) expect(text).toContain(`log line ${i}`);
    const scalars = await exportPane({ pane: 'scalars', taskId: task, taskName: 'exported', metric: null });
    expect(scalars).toBe(join(dir, 'exported-scalars-20250506-140309.csv'));
    const csv = readFileSync(scalars, 'utf8');
    expect(csv).toContain('loss');
    expect(csv).toContain('acc');
  });

  it('gives the full path even when started in a relative directory, and the id when the name is unknown', async () => {
    const relative = relativePath(process.cwd(), dir);
    const path = await monitorExporter(client, relative, () => AT)({ pane: 'plots', taskId: task, metric: null });
    expect(path).toBe(join(dir, `${task}-plots-20250506-140309.jsonl`));
  });

  it("exports the chart's metric only, and never overwrites an existing file", async () => {
    const taken = join(dir, 'exported-chart-20250506-140309.csv');
    writeFileSync(taken, 'keep me');
    const path = await monitorExporter(
      client,
      dir,
      () => AT,
    )({
      pane: 'chart',
      taskId: task,
      taskName: 'exported',
      metric: 'loss',
    });
    expect(path).toBe(join(dir, 'exported-chart-20250506-140309-2.csv'));
    expect(readFileSync(taken, 'utf8')).toBe('keep me');
    const csv = readFileSync(path, 'utf8');
    expect(csv).toContain('loss');
    expect(csv).not.toContain('acc');
  });

  it('says which panes it exports, and leaves no file when the export fails', async () => {
    const exportPane = monitorExporter(client, dir, () => AT + 60_000);
    await expect(exportPane({ pane: 'summary', taskId: task, metric: null })).rejects.toThrow(
      'E exports the logs, scalars, chart or plots pane, not the summary pane',
    );
    await expect(exportPane({ pane: 'chart', taskId: task, taskName: 'exported', metric: 'nope' })).rejects.toThrow(
      "the task has no scalar metric 'nope'",
    );
    expect(() => readFileSync(exportFileName(dir, 'exported', 'chart', 'chart', AT + 60_000))).toThrow();
    expect(readdirSync(dir).filter((name) => name.includes('partial'))).toEqual([]);
    const unwritable = monitorExporter(client, join(dir, 'missing', 'dir'));
    await expect(unwritable({ pane: 'logs', taskId: task, metric: null })).rejects.toThrow(/cannot write/);
  });
});
