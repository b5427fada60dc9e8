// The run-info pane and compare mode in a real terminal (the built binary in tmux) against the
// embedded server: a failure reason and hyperparameters written through the API show in the
// run info pane; three marked tasks draw one chart with three legend entries.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type ApiClient } from '../../src/api/index.js';
import type { ScalarEventInput } from '../../src/wire/events.js';
import { startMonitorOn } from '../helpers/demo-process.js';
import { basicAuth, send } from '../helpers/http.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { tmuxAvailable, type TmuxSession } from '../helpers/tmux.js';

const COLUMNS = 160;
const ROWS = 45;

let server: TestServer;
let client: ApiClient;
let home: string;
let tmux: TmuxSession | undefined;
/** Before the runs were created: their durations and ages read `<1m` for a minute after. */
let createdAt = 0;

/** tasks.edit_hyper_params as the ClearML SDK sends it (the api client only reads). */
async function editHyperParams(task: string, params: { section: string; name: string; value: string }[]) {
  const login = await send(server.url, '/auth.login', {}, { auth: basicAuth(server.accessKey, server.secretKey) });
  const reply = await send(
    server.url,
    '/tasks.edit_hyper_params',
    { task, hyperparams: params, force: true },
    { auth: `Bearer ${login.data.token as string}` },
  );
  if (reply.status !== 200) throw new Error(`tasks.edit_hyper_params: ${reply.status} ${reply.msg}`);
}

async function run(name: string, losses: number[]): Promise<string> {
  const { id } = await client.tasks.create({ name, type: 'training' });
  await client.tasks.started({ task: id });
  const events: ScalarEventInput[] = losses.map((value, iter) => ({
    type: 'training_stats_scalar',
    task: id,
    iter,
    metric: 'loss',
    variant: 'train',
    value,
  }));
  await client.events.addBatch(events);
  return id;
}

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'tracktop-runinfo-'));
  server = await startTestServer();
  createdAt = Date.now();
  client = createClient({ apiHost: server.url, accessKey: server.accessKey, secretKey: server.secretKey });
  await run('cmp-alpha', [5, 4, 3, 2, 1]);
  await run('cmp-beta', [6, 5, 5, 4, 4]);
  const oom = await run('cmp-oom', [9, 8, 7]);
  await editHyperParams(oom, [
    { section: 'Args', name: 'learning_rate', value: '0.0003' },
    { section: 'Args', name: 'batch_size', value: '256' },
  ]);
  await client.tasks.failed({ task: oom, status_reason: 'CUDA OOM', status_message: 'out of memory at step 3' });
}, 60_000);

afterAll(async () => {
  tmux?.kill();
  await client?.close();
  await server?.close();
  rmSync(home, { recursive: true, force: true });
});

describe.skipIf(!tmuxAvailable())('run info and compare in tmux', () => {
  it('shows the failure reason and hyperparameters, then compares three marked runs', async () => {
    tmux = startMonitorOn(server, home, COLUMNS, ROWS);
    const t = tmux;
    // The failed run was updated last: it is at the top and selected.
    await t.waitFor('cmp-oom', 30_000);
    t.sendKeys('9');
    const info = await t.waitFor('CUDA OOM', 20_000);
    expect(info).toMatch(/status\s+failed: CUDA OOM/);
    expect(info).toContain('out of memory at step 3');
    expect(info).toMatch(/Args\/learning_rate\s+0\.0003/);
    expect(info).toMatch(/Args\/batch_size\s+256/);

    // Mark all three runs from the list, then look at the chart.
    t.sendKeys('1', 'g', 'Space', 'j', 'Space', 'j', 'Space');
    await t.waitFor('3 marked');
    t.sendKeys('5');
    const chart = await t.waitFor((s) => /── cmp-\S+ \d/.test(s) && /━━ cmp-/.test(s) && /══ cmp-/.test(s), 20_000);
    const legend = chart.split('\n').find((row) => row.includes('══ cmp-')) ?? '';
    for (const name of ['cmp-alpha 1', 'cmp-beta 4', 'cmp-oom 7']) expect(legend).toContain(name);
    expect(chart).toContain('compare 3 tasks');

    // Idle while comparing (list and compare polls every second, nothing changed): no bytes.
    // Run info (on screen) redraws when a duration or age reaches a whole minute: the runs
    // are younger than that for the whole measurement.
    await new Promise((r) => setTimeout(r, 1_500));
    const before = t.rawOutput().length;
    expect(before).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 3_000));
    expect(t.rawOutput().length - before).toBe(0);
    expect(Date.now() - createdAt).toBeLessThan(60_000);

    // The scalars pane shows each series' last, min and max per run, the best marked (loss:
    // the lowest); run info shows the runs' hyperparameters side by side, the differing ones
    // marked. At every size (the columns are in marking order: cmp-oom, cmp-beta, cmp-alpha).
    for (const [columns, rows] of [
      [80, 24],
      [120, 40],
      [200, 60],
      [COLUMNS, ROWS],
    ] as const) {
      t.resize(columns, rows);
      t.sendKeys('4');
      const table = await t.waitFor((s) => / max /.test(s) && / min /.test(s) && s.includes('★1'), 20_000);
      const lines = table.split('\n');
      expect(
        lines.find((l) => /loss.*last/.test(l)),
        table,
      ).toMatch(/last\s+7\s+4\s+★1/);
      expect(
        lines.find((l) => / min /.test(l)),
        table,
      ).toMatch(/min\s+7\s+4\s+★1/);
      expect(
        lines.find((l) => / max /.test(l)),
        table,
      ).toMatch(/max\s+9\s+6\s+5/);
      t.sendKeys('9');
      const params = await t.waitFor(
        (s) => s.includes('3 runs compared') && s.includes('≠ Args/learning_rate'),
        20_000,
      );
      expect(params).toMatch(/≠ Args\/batch_size/);
      expect(params.split('\n').every((l) => l.length <= columns)).toBe(true);
    }

    // X clears the marks: the chart is the selected task's own again.
    t.sendKeys('X');
    await t.waitFor((s) => !s.includes('compare 3 tasks') && !s.includes('marked'));
    t.sendKeys('q');
    await t.waitFor(/tracktop-exit=0/, 10_000);
  }, 90_000);
});
