// What the status bar says when the server freezes, restarts or answers nonsense: the built
// monitor in tmux against `tracktop serve` in a child process (so it can be stopped with
// SIGSTOP and killed), with a poll every second.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assertBuiltAndTmux, BIN, freePort, ROOT } from '../helpers/demo-process.js';
import { FakeServer, ok } from '../helpers/fake-server.js';
import { startTmux, type TmuxSession } from '../helpers/tmux.js';

const ACCESS_KEY = 'E2ESTATUSACCESSKEY0123456789';
const SECRET_KEY = 'e2e-status-secret-0123456789abcdefghijklmnopqrstuvwxyzABCDEF';
const INTERVAL_S = 1;

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** `tracktop serve` on a fixed port; resolves once it answers HTTP. */
async function serve(port: number, dbPath: string, home: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [BIN, 'serve', '--port', String(port), '--db', dbPath, '--access-key', ACCESS_KEY, '--secret-key', SECRET_KEY],
    { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: home }, stdio: 'ignore' },
  );
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      await fetch(`http://127.0.0.1:${port}/auth.login`, { method: 'POST', signal: AbortSignal.timeout(1000) });
      return child;
    } catch {
      if (Date.now() > deadline) throw new Error('tracktop serve did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

function monitor(url: string, home: string): TmuxSession {
  const tmux = startTmux(
    [
      process.execPath,
      BIN,
      '--api-host',
      url,
      '--access-key',
      ACCESS_KEY,
      '--secret-key',
      SECRET_KEY,
      '--interval',
      String(INTERVAL_S),
    ],
    { columns: 140, rows: 24, env: { HOME: home }, cwd: ROOT },
  );
  cleanups.push(() => tmux.kill());
  return tmux;
}

/** The status bar's row (it carries the server address). */
function statusRow(screen: string, url: string): string {
  return screen.split('\n').find((row) => row.includes(url)) ?? '';
}

function secondsOfDay(ms: number): number {
  const d = new Date(ms);
  return d.getHours() * 3600 + d.getMinutes() * 60 + d.getSeconds();
}

async function timeUntil(tmux: TmuxSession, pattern: RegExp, timeoutMs: number): Promise<number> {
  const start = Date.now();
  await tmux.waitFor(pattern, timeoutMs);
  return Date.now() - start;
}

describe('connection status in the terminal', () => {
  it('marks a frozen server stale since its last answer within interval + 3 s, and is live again within 5 s of a restart', async () => {
    assertBuiltAndTmux();
    const home = tempDir('tracktop-status-home-');
    const dbPath = join(tempDir('tracktop-status-db-'), 'server.db');
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const server = await serve(port, dbPath, home);
    const tmux = monitor(url, home);
    await tmux.waitFor((s) => / live /.test(statusRow(s, url)), 30_000);
    // A few polls, so that the last good answer is a poll's, not the first load's.
    await new Promise((r) => setTimeout(r, 2500));

    const frozenAt = Date.now();
    server.kill('SIGSTOP');
    const staleAfter = await timeUntil(tmux, /server not answering · stale since \d\d:\d\d:\d\d/, 15_000);
    expect(staleAfter).toBeLessThanOrEqual(INTERVAL_S * 1000 + 3000);
    // Stale since the last good answer: at most one interval (and a request) before the freeze.
    const shown = /stale since (\d\d):(\d\d):(\d\d)/.exec(statusRow(tmux.screen(), url))!;
    const shownSec = Number(shown[1]) * 3600 + Number(shown[2]) * 60 + Number(shown[3]);
    expect(shownSec).toBeLessThanOrEqual(secondsOfDay(frozenAt));
    expect(shownSec).toBeGreaterThanOrEqual(secondsOfDay(frozenAt - INTERVAL_S * 1000 - 1000));

    server.kill('SIGCONT');
    const resumedAfter = await timeUntil(tmux, / live /, 10_000);
    expect(resumedAfter).toBeLessThanOrEqual(5000);

    // A restart after a long outage: long enough for a 60 s-capped backoff to have grown past 8 s.
    server.kill('SIGKILL');
    await tmux.waitFor(/retrying in \d+s/, 15_000);
    await new Promise((r) => setTimeout(r, 15_000));
    await serve(port, dbPath, home);
    const backAfter = await timeUntil(tmux, / live /, 20_000);
    expect(backAfter).toBeLessThanOrEqual(5000);
    process.stderr.write(
      `status e2e: stale after ${staleAfter} ms, live ${resumedAfter} ms after SIGCONT, ${backAfter} ms after restart\n`,
    );
    tmux.sendKeys('q');
    await tmux.waitFor('tracktop-exit=0', 10_000);
  }, 90_000);

  it('names the endpoint of a malformed answer instead of "connecting…"', async () => {
    assertBuiltAndTmux();
    // A scripted server is needed: the embedded server never answers with null lists or wrong types.
    const fake = await FakeServer.start();
    cleanups.push(() => fake.close());
    fake.always('reports.get_task_data', ok({ tasks: [{ id: 't1', name: 42, status: 'created' }] }));
    const tmux = monitor(fake.url, tempDir('tracktop-status-home-'));
    const screen = await tmux.waitFor('server answered malformed data for reports.get_task_data', 30_000);
    expect(statusRow(screen, fake.url)).toContain('server answered malformed data for reports.get_task_data');
    expect(screen).not.toContain('connecting');
    tmux.sendKeys('q');
    await tmux.waitFor('tracktop-exit=0', 10_000);
  }, 60_000);
});
