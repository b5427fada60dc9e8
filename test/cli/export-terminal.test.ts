// `tracktop export` on a real terminal (the built binary in tmux): the progress line appears
// on stderr with the count of the total, and the data still goes to the file.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/index.js';
import type { ScalarEventInput } from '../../src/wire/events.js';
import { BIN } from '../helpers/demo-process.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { startTmux, tmuxAvailable, type TmuxSession } from '../helpers/tmux.js';
import { clientFor } from './export-helpers.js';

let server: TestServer;
let client: ApiClient;
let home: string;
let taskId: string;
let tmux: TmuxSession | undefined;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'tracktop-export-tty-'));
  server = await startTestServer();
  client = clientFor(server);
  taskId = (await client.tasks.create({ name: 'tty run', type: 'training' })).id;
  const events: ScalarEventInput[] = [];
  for (const metric of ['loss', 'acc'])
    for (let iter = 0; iter < 6000; iter += 1)
      events.push({ type: 'training_stats_scalar', task: taskId, iter, metric, variant: 'train', value: iter });
  await client.events.addBatch(events);
  await client.events.addBatch([
    { type: 'log', task: taskId, timestamp: 1_700_000_000_000, msg: 'plain line' },
    {
      type: 'log',
      task: taskId,
      timestamp: 1_700_000_000_001,
      msg: 'title\u001b]0;pwned\u0007 clip\u001b]52;c;ZXZpbA==\u0007 \u001b[31mred\u001b[0m done',
    },
  ]);
}, 60_000);

afterAll(async () => {
  tmux?.kill();
  await client.close();
  await server.close();
  rmSync(home, { recursive: true, force: true });
});

describe.skipIf(!tmuxAvailable())('tracktop export on a terminal', () => {
  it('draws a progress line with the total on stderr and ends it', async () => {
    const out = join(home, 'tty.csv');
    tmux = startTmux([process.execPath, BIN, 'export', 'scalars', taskId, '-o', out], {
      columns: 100,
      rows: 10,
      env: {
        HOME: home,
        CLEARML_API_HOST: server.url,
        CLEARML_API_ACCESS_KEY: server.accessKey,
        CLEARML_API_SECRET_KEY: server.secretKey,
      },
    });
    const screen = await tmux.waitFor(/tracktop-exit=\d+/, 30_000);
    expect(screen).toContain('tracktop-exit=0');
    expect(screen).toMatch(/\[#{20}\] {2}12\.0k\/12\.0k points {2}[\d.]+k?\/s {2}ETA 00:00\n/);
    expect(readFileSync(out, 'utf8').split('\n')).toHaveLength(12_002);
    tmux.kill();
  }, 60_000);

  it('prints a log to the terminal without its control sequences, colours kept', async () => {
    tmux = startTmux([process.execPath, BIN, 'export', 'log', taskId], {
      columns: 100,
      rows: 10,
      env: {
        HOME: home,
        CLEARML_API_HOST: server.url,
        CLEARML_API_ACCESS_KEY: server.accessKey,
        CLEARML_API_SECRET_KEY: server.secretKey,
      },
    });
    const screen = await tmux.waitFor(/tracktop-exit=\d+/, 30_000);
    expect(screen).toContain('tracktop-exit=0');
    expect(screen).toContain('plain line\ntitle clip red done\n');
    const raw = tmux.rawOutput();
    expect(raw).not.toContain('\u001b]52');
    expect(raw).not.toContain('\u001b]0;pwned');
    expect(raw).toContain('\u001b[31mred');
  }, 60_000);
});
