// The chart tells the truth in a real terminal (the built binary in tmux, against the embedded
// server, which averages histogram buckets as real servers do): a 20,000-point series with one
// spike and one dip draws its axis from the dip to the spike, as the scalars pane lists them,
// and a log scale counts the points it leaves out, zoomed or not.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type ApiClient } from '../../src/api/index.js';
import { startMonitorOn } from '../helpers/demo-process.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { addScalars, createTask } from '../helpers/store-fixture.js';
import { tmuxAvailable, type TmuxSession } from '../helpers/tmux.js';

let server: TestServer;
let client: ApiClient;
let home: string;
let tmux: TmuxSession | undefined;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'tracktop-extremes-'));
  server = await startTestServer();
  client = createClient({ apiHost: server.url, accessKey: server.accessKey, secretKey: server.secretKey });
  const id = await createTask(client, 'spiky-run');
  const loss = (i: number): number => (i === 12_000 ? 1234.5 : i === 12_003 ? -567.5 : 3 + Math.sin(i / 500));
  for (let from = 0; from < 20_000; from += 5000)
    await addScalars(
      client,
      id,
      'loss',
      'value',
      Array.from({ length: 5000 }, (_, k) => loss(from + k)),
      from,
    );
  await addScalars(
    client,
    id,
    'reward',
    'mean',
    Array.from({ length: 100 }, (_, i) => -1 - i),
  );
}, 60_000);

afterAll(async () => {
  tmux?.kill();
  await client?.close();
  await server?.close();
  rmSync(home, { recursive: true, force: true });
});

describe.skipIf(!tmuxAvailable())('chart extremes in tmux', () => {
  it('draws the axis to the spike and the dip, and counts log-scale points zoomed or not', async () => {
    tmux = startMonitorOn(server, home, 120, 40);
    const t = tmux;
    await t.waitFor('spiky-run', 30_000);
    // The scalars pane lists them as max and min; the chart's axis ends at the same numbers.
    t.sendKeys('4');
    await t.waitFor(/loss › value\s+\S+\s+-567\.5\s+1,?234\.5/, 20_000);
    t.sendKeys('g', 'Enter');
    const chart = await t.waitFor((s) => s.includes('chart: loss') && /1,?234\.5 [┤┼]/.test(s), 20_000);
    expect(chart).toMatch(/-567\.5 [┤┼]/);

    // Log scale of 100 negative points: all 100 said, with the chart at its width and zoomed.
    t.sendKeys('4', 'g', 'j', 'Enter');
    await t.waitFor('chart: reward');
    t.sendKeys('L');
    await t.waitFor('log y: 100 values <= 0 not drawn', 20_000);
    t.sendKeys('5', 'Z');
    // Zoomed: the chart alone, wider, so more samples are fetched.
    await t.waitFor((s) => !s.includes('loss › value') && s.includes('chart: reward'));
    const zoomed = await t.waitFor((s) => !s.includes('loading') && s.includes('log y:'), 20_000);
    expect(zoomed).toContain('log y: 100 values <= 0 not drawn');
    t.sendKeys('q');
    await t.waitFor(/tracktop-exit=0/, 10_000);
  }, 90_000);
});
