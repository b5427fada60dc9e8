// The task list and long text in a real terminal: the built binary in tmux against the embedded
// server (in this process, real HTTP and SQLite): sort by name and reverse, a 400-character log
// line read whole, the task's name on screen at 80x24, a failure seen while watching (status
// line, reason, exactly one bell in the raw output).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type ApiClient } from '../../src/api/index.js';
import { assertBuiltAndTmux, BIN, ROOT } from '../helpers/demo-process.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { startTmux, type TmuxSession } from '../helpers/tmux.js';

const LONG = `${'0123456789'.repeat(39)}TAIL-END`;

let server: TestServer;
let client: ApiClient;
let tmux: TmuxSession | undefined;

beforeEach(async () => {
  assertBuiltAndTmux();
  server = await startTestServer();
  client = createClient({ apiHost: server.url, accessKey: server.accessKey, secretKey: server.secretKey });
});

afterEach(async () => {
  tmux?.kill();
  tmux = undefined;
  await client.close();
  await server.close();
});

async function task(name: string): Promise<string> {
  const { id } = await client.tasks.create({ name, type: 'training' });
  await client.tasks.started({ task: id });
  return id;
}

function monitor(columns: number, rows: number): TmuxSession {
  const args = ['node', BIN, '--api-host', server.url, '--access-key', server.accessKey];
  tmux = startTmux([...args, '--secret-key', server.secretKey, '--interval', '1'], { columns, rows, cwd: ROOT });
  return tmux;
}

/** True when the names appear on screen in this order. */
function inOrder(screen: string, names: string[]): boolean {
  const at = names.map((n) => screen.indexOf(n));
  return at.every((p, i) => p >= 0 && (i === 0 || p > (at[i - 1] as number)));
}

describe('task list and long text in tmux', () => {
  it('o sorts by name (header says so) and O reverses it', async () => {
    for (const name of ['bravo-run', 'alpha-run', 'charlie-run']) await task(name);
    const t = monitor(120, 36);
    await t.waitFor('charlie-run', 30_000);
    t.sendKeys('o');
    // The header changes at once; the rows when the server's answer in the new order arrives.
    const names = ['alpha-run', 'bravo-run', 'charlie-run'];
    const screen = await t.waitFor((s) => s.includes('name▲') && inOrder(s, names));
    expect(inOrder(screen, names)).toBe(true);
    t.sendKeys('O');
    const reversed = await t.waitFor((s) => s.includes('name▼') && inOrder(s, [...names].reverse()));
    expect(inOrder(reversed, names)).toBe(false);
  }, 60_000);

  it('a 400-character log line can be read whole, in the viewer and wrapped', async () => {
    const id = await task('long-lines');
    await client.events.addBatch([
      { type: 'log', task: id, msg: 'short line', level: 'info', timestamp: Date.now() - 1000 },
      { type: 'log', task: id, msg: LONG, level: 'info', timestamp: Date.now() },
    ]);
    const t = monitor(80, 24);
    await t.waitFor('long-lines', 30_000);
    t.sendKeys('6');
    await t.waitFor('short line');
    expect(t.screen()).not.toContain('TAIL-END');
    t.sendKeys('Enter');
    const viewer = await t.waitFor('TAIL-END');
    expect(viewer).toContain('log line');
    expect(viewer.replace(/[│┃\n ]/g, '')).toContain(LONG);
    t.sendKeys('q');
    await t.waitFor((s) => !s.includes('TAIL-END') && s.includes('short line'));
    t.sendKeys('w');
    const wrapped = await t.waitFor('TAIL-END');
    expect(wrapped).toContain('wrap');
  }, 60_000);

  it("at 80x24 the task's name is on screen whenever one of its panes is open", async () => {
    await task('visible-name-seed42');
    const t = monitor(80, 24);
    await t.waitFor('visible-name-seed42', 30_000);
    for (const key of ['4', '5', '6', '7', '8']) {
      t.sendKeys(key);
      const screen = await t.waitFor(new RegExp(`▸\\S+[^\\n]*visible-name-seed42`));
      expect(screen).toContain('visible-name-seed42');
    }
  }, 60_000);

  it('a task failed through the API shows "failed" and its reason in the status line, and rings once', async () => {
    await task('steady-run');
    const doomed = await task('doomed-run');
    const t = monitor(100, 30);
    await t.waitFor('doomed-run', 30_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(t.rawOutput()).not.toContain('\u0007');
    await client.tasks.failed({ task: doomed, status_reason: 'CUDA out of memory', force: true });
    const screen = await t.waitFor('CUDA out of memory', 15_000);
    const status = screen.split('\n').find((l) => l.includes('CUDA out of memory')) ?? '';
    expect(status).toContain('doomed-run failed');
    expect(screen).toContain('1 new failed');
    // Several more polls: still one bell.
    await new Promise((r) => setTimeout(r, 3000));
    expect(t.rawOutput().split('\u0007').length - 1).toBe(1);
    t.sendKeys('F');
    await t.waitFor((s) => !s.includes('new failed'));
  }, 60_000);
});
