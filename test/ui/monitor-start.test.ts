// startMonitor (the CLI calls it before Ink and the panes load) against the embedded server
// through the real client: the store is laid out and polling before anything is drawn, and
// runMonitor draws and stops the store it was handed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type ApiClient } from '../../src/api/index.js';
import { startMonitor, type MonitorOptions } from '../../src/ui/monitor-start.js';
import { runMonitor } from '../../src/ui/run.js';
import { FakeStdin, FakeStdout, settle } from '../helpers/render.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { stripControl } from '../helpers/ui-fixture.js';

let server: TestServer;
let client: ApiClient;

beforeEach(async () => {
  server = await startTestServer();
  client = createClient({ apiHost: server.url, accessKey: server.accessKey, secretKey: server.secretKey });
  await client.tasks.create({ name: 'started-early', type: 'training' });
});

afterEach(async () => {
  await client.close();
  await server.close();
});

const options = (): MonitorOptions => ({
  client,
  color: true,
  ascii: false,
  serverLabel: server.url,
  intervalMs: 200,
  closeClient: false,
});
const TRUECOLOR_TERMINAL = { TERM: 'xterm-256color', COLORTERM: 'truecolor' };

describe('startMonitor', () => {
  it('has the task list loaded, for the panes of the terminal size, when ready resolves', async () => {
    const started = startMonitor(options(), { stdout: new FakeStdout(120, 40), env: TRUECOLOR_TERMINAL }, 5000);
    try {
      expect(started.size).toEqual({ cols: 120, rows: 40 });
      // Laid out before the first load, so the visible panes fetch what they show.
      expect(started.store.getState().ui.paneRows.tasks).toBeGreaterThan(0);
      await started.ready;
      expect(started.graphics).toMatchObject({ mode: 'truecolor', protocol: null });
      await expect(started.askGraphics()).resolves.toEqual(started.graphics);
      const state = started.store.getState();
      expect(state.connection.state).toBe('live');
      expect(state.tasks.loading).toBe(false);
      expect(state.tasks.ids).toHaveLength(1);
    } finally {
      started.store.getState().actions.stop();
    }
  });

  it('asks tmux about colours only after the first frame is written', async () => {
    const stdout = new FakeStdout(120, 40);
    const stdin = new FakeStdin();
    const started = startMonitor(options(), { stdout, env: { TERM: 'tmux-256color', TMUX: 'x' } }, 5000);
    expect(started.graphics).toMatchObject({ mode: 'ansi256', multiplexed: true });
    // Stands in for tmux's answer: a tmux whose attached client has the RGB feature is not
    // something this test can start.
    let framesWhenAsked = -1;
    const withTmux = {
      ...started,
      askGraphics: () => {
        framesWhenAsked = stdout.writes.length;
        return Promise.resolve({ ...started.graphics, mode: 'truecolor' as const });
      },
    };
    const done = runMonitor({
      ...options(),
      started: withTmux,
      stdout: stdout as unknown as NodeJS.WriteStream,
      stdin: stdin as unknown as NodeJS.ReadStream,
      env: { TERM: 'tmux-256color', TMUX: 'x' },
    });
    const deadline = Date.now() + 8000;
    while (framesWhenAsked < 0 && Date.now() < deadline) await settle(20);
    expect(framesWhenAsked).toBeGreaterThan(0);
    expect(stripControl(stdout.writes.slice(0, framesWhenAsked).join(''))).toContain('started-early');
    await settle(50);
    stdin.write('q');
    await expect(done).resolves.toBe(0);
  });

  it('lets runMonitor draw the store it started, and stop it on q', async () => {
    const stdout = new FakeStdout(120, 40);
    const stdin = new FakeStdin();
    const started = startMonitor(options(), { stdout, env: TRUECOLOR_TERMINAL }, 5000);
    let shown: unknown;
    const done = runMonitor({
      ...options(),
      started,
      stdout: stdout as unknown as NodeJS.WriteStream,
      stdin: stdin as unknown as NodeJS.ReadStream,
      env: TRUECOLOR_TERMINAL,
      onStore: (store) => {
        shown = store;
      },
    });
    const deadline = Date.now() + 8000;
    while (!stripControl(stdout.writes.join('')).includes('started-early') && Date.now() < deadline) await settle(20);
    const output = stdout.writes.join('');
    // The first frame already holds the task: the list answered before Ink drew anything.
    expect(stripControl(output.slice(0, output.indexOf('\u001b[?2026l')))).toContain('started-early');
    expect(shown).toBe(started.store);
    stdin.write('q');
    await expect(done).resolves.toBe(0);
    const writes = stdout.writes.length;
    await settle(600);
    // Pollers stopped: nothing more is fetched or drawn.
    expect(stdout.writes.length).toBe(writes);
  });
});
