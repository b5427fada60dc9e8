// runMonitor and renderOnce against the embedded server through the real client.
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type ApiClient } from '../../src/api/index.js';
import type { MonitorStore } from '../../src/store/types.js';
import type { EventInput } from '../../src/wire/events.js';
import { renderOnce, runMonitor, type MonitorClient } from '../../src/ui/run.js';
import { FakeStdin, FakeStdout, KEYS, settle } from '../helpers/render.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { stripControl } from '../helpers/ui-fixture.js';

const ENTER_ALT = '\u001b[?1049h';
const LEAVE_ALT = '\u001b[?1049l';

let server: TestServer;
let writer: ApiClient;

beforeEach(async () => {
  server = await startTestServer();
  writer = createClient({ apiHost: server.url, accessKey: server.accessKey, secretKey: server.secretKey });
});

afterEach(async () => {
  await writer.close();
  await server.close();
});

/** The real client, counting `close` calls. */
function countingClient(): { client: MonitorClient; closes: () => number } {
  const real = createClient({ apiHost: server.url, accessKey: server.accessKey, secretKey: server.secretKey });
  let closes = 0;
  const client: MonitorClient = {
    reports: real.reports,
    events: real.events,
    tasks: real.tasks,
    projects: real.projects,
    models: real.models,
    users: real.users,
    queues: real.queues,
    workers: real.workers,
    close: async () => {
      closes += 1;
      await real.close();
    },
  };
  return { client, closes: () => closes };
}

async function seedRun(name: string, logLines: number): Promise<string> {
  const { id } = await writer.tasks.create({ name, type: 'training' });
  await writer.tasks.started({ task: id });
  const events: EventInput[] = [];
  const t0 = Date.UTC(2025, 0, 1);
  for (let i = 0; i < 20; i++)
    events.push({
      type: 'training_stats_scalar',
      task: id,
      metric: 'loss',
      variant: 'train',
      iter: i,
      value: 1 / (i + 1),
      timestamp: t0 + i,
    });
  for (let i = 0; i < logLines; i++)
    events.push({ type: 'log', task: id, msg: `epoch ${i} done`, level: 'info', timestamp: t0 + 100 + i });
  await writer.events.addBatch(events);
  return id;
}

/** A stand-in for `process` that records signal listeners and never exits the test run. */
class FakeProcess extends EventEmitter {
  readonly stderr = new FakeStdout(80, 24);
  exitCode: number | undefined;
  exit = (code?: number): never => {
    this.exitCode = code;
    return undefined as never;
  };
}

async function until(check: () => boolean, what: string, timeoutMs = 8000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await settle(20);
  }
}

describe('runMonitor', () => {
  function start(firstFrameWaitMs?: number): {
    stdout: FakeStdout;
    stdin: FakeStdin;
    proc: FakeProcess;
    done: Promise<number>;
    store: () => MonitorStore | undefined;
    closes: () => number;
  } {
    const stdout = new FakeStdout(100, 30);
    const stdin = new FakeStdin();
    const proc = new FakeProcess();
    const { client, closes } = countingClient();
    let store: MonitorStore | undefined;
    const done = runMonitor({
      client,
      color: false,
      ascii: false,
      serverLabel: server.url,
      intervalMs: 200,
      firstFrameWaitMs,
      stdout: stdout as unknown as NodeJS.WriteStream,
      stdin: stdin as unknown as NodeJS.ReadStream,
      stderr: proc.stderr as unknown as NodeJS.WriteStream,
      proc: proc as unknown as NodeJS.Process,
      onStore: (s) => {
        store = s;
      },
    });
    return { stdout, stdin, proc, done, store: () => store, closes };
  }

  it('shows the tasks in the alternate screen and on q restores the terminal, stops and closes', async () => {
    await seedRun('live-run-alpha', 5);
    const m = start();
    await until(() => stripControl(m.stdout.output).includes('live-run-alpha'), 'the task on screen');
    expect(m.stdout.output.startsWith(ENTER_ALT)).toBe(true);
    m.stdin.write('q');
    await expect(m.done).resolves.toBe(0);
    expect(m.stdout.output.lastIndexOf(LEAVE_ALT)).toBeGreaterThan(m.stdout.output.lastIndexOf('live-run-alpha'));
    expect(m.closes()).toBe(1);
    const writes = m.stdout.writes.length;
    await settle(600);
    expect(m.stdout.writes.length).toBe(writes);
  });

  it('draws its first frame with the task list and a live connection when the server answers at once', async () => {
    await seedRun('live-run-first', 5);
    // A generous wait: a loaded machine must not turn "answers at once" into a late answer.
    const m = start(5000);
    await until(() => stripControl(m.stdout.output).includes('live-run-first'), 'the task on screen');
    // Everything written up to the first frame's end (DEC 2026 synchronized output ends).
    const output = m.stdout.output;
    const firstFrame = stripControl(output.slice(0, output.indexOf('\u001b[?2026l')));
    expect(firstFrame).toContain('live-run-first');
    expect(firstFrame).not.toContain('connecting');
    m.stdin.write('q');
    await expect(m.done).resolves.toBe(0);
  });

  it('ends with 143 on SIGTERM and 129 on SIGHUP, terminal restored', async () => {
    for (const [signal, code] of [
      ['SIGTERM', 143],
      ['SIGHUP', 129],
    ] as const) {
      const m = start();
      await until(() => m.store()?.getState().connection.state === 'live', 'a live connection');
      m.proc.emit(signal, signal);
      await expect(m.done).resolves.toBe(code);
      expect(m.stdout.output).toContain(LEAVE_ALT);
      expect(m.closes()).toBe(1);
      expect(m.proc.listenerCount(signal)).toBe(0);
    }
  });

  it('quits on ctrl-c even with a prompt open', async () => {
    const m = start();
    await until(() => m.store() !== undefined, 'the store');
    m.stdin.write('/');
    await settle(50);
    expect(m.store()?.getState().ui.prompt).not.toBeNull();
    m.stdin.write(KEYS.ctrlC);
    await expect(m.done).resolves.toBe(0);
  });
});

describe('renderOnce', () => {
  it('prints one frame with the task list, its scalars and its log, at the given size', async () => {
    await seedRun('older-run', 3);
    await seedRun('newest-run', 12);
    const { client, closes } = countingClient();
    const frame = await renderOnce({
      client,
      color: false,
      ascii: false,
      serverLabel: 'demo',
      size: { cols: 100, rows: 30 },
    });
    const lines = frame.split('\n');
    expect(lines).toHaveLength(29);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(100);
    expect(frame).toContain('newest-run');
    expect(frame).toContain('older-run');
    expect(frame).toContain('loss › train');
    expect(frame).toContain('epoch 11 done');
    expect(frame).toContain('demo live');
    expect(frame).not.toContain('\u001b[?1049h');
    expect(closes()).toBe(1);
  });

  it('uses 100x30 when stdout is not a terminal', async () => {
    const { client } = countingClient();
    const frame = await renderOnce({
      client,
      color: false,
      ascii: true,
      serverLabel: 'demo',
      stdout: { isTTY: false, columns: 300, rows: 80 },
    });
    expect(frame.split('\n')).toHaveLength(29);
    expect(frame).toContain('no tasks');
  });

  it('shows key hints only when stdout is a terminal', async () => {
    await seedRun('a-run', 2);
    const frame = async (isTTY: boolean): Promise<string> =>
      renderOnce({
        client: createClient({ apiHost: server.url, accessKey: server.accessKey, secretKey: server.secretKey }),
        color: false,
        ascii: false,
        serverLabel: 'demo',
        stdout: { isTTY, columns: 100, rows: 30 },
      });
    const tty = await frame(true);
    expect(tty).toContain('? help');
    expect(tty).toContain('/ filter');
    const pipe = await frame(false);
    expect(pipe).toContain('a-run');
    expect(pipe).not.toContain('? help');
    expect(pipe).not.toContain('/ filter');
    expect(pipe.split('\n').at(-1)).toMatch(/^snapshot at \d\d-\d\d \d\d:\d\d/);
  });

  it('renders at once, saying so, when the server cannot be reached', async () => {
    const down = createClient({ apiHost: 'http://127.0.0.1:1', accessKey: 'a', secretKey: 'b' });
    const started = Date.now();
    const frame = await renderOnce({
      client: down,
      color: false,
      ascii: false,
      serverLabel: 'http://127.0.0.1:1',
      size: { cols: 80, rows: 24 },
      deadlineMs: 5000,
    });
    expect(Date.now() - started).toBeLessThan(4000);
    expect(frame).toMatch(/retrying in \d+s/);
    expect(frame).toContain('waiting for the server…');
  });
});
