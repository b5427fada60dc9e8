// The monitor (built binary, in tmux) on a server whose task list turns into a chunked answer
// that never ends: the status bar names the call and how much came, the rows stay, keys still
// move the selection, `q` quits, and the monitor's peak memory stays far below what it was
// sent. A real node:http server in front of the embedded server sends the endless body
// (test/helpers/huge-answers.ts).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type ApiClient } from '../../src/api/index.js';
import { assertBuiltAndTmux, BIN, ROOT } from '../helpers/demo-process.js';
import { startHugeAnswers, type HugeAnswers } from '../helpers/huge-answers.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { createTask } from '../helpers/store-fixture.js';
import { startTmux, type TmuxSession } from '../helpers/tmux.js';

const LIST = 'reports.get_task_data';

/** The monitor's process: the child of the pane's shell. */
function monitorPid(tmux: TmuxSession): number {
  const shell = execFileSync('tmux', ['-S', tmux.socket, 'display-message', '-p', '-t', tmux.name, '#{pane_pid}'], {
    encoding: 'utf8',
  }).trim();
  return Number(readFileSync(`/proc/${shell}/task/${shell}/children`, 'utf8').trim().split(' ')[0]);
}

describe('an endless answer to the task list', () => {
  let server: TestServer;
  let huge: HugeAnswers;
  let writer: ApiClient;
  let tmux: TmuxSession;

  beforeAll(async () => {
    assertBuiltAndTmux();
    server = await startTestServer();
    const keys = { accessKey: server.accessKey, secretKey: server.secretKey };
    writer = createClient({ apiHost: server.url, ...keys });
    await createTask(writer, 'first-run');
    await createTask(writer, 'second-run');
    huge = await startHugeAnswers(200 * 1024 * 1024, server.url);
    huge.mode = 'endless';
    tmux = startTmux([], { columns: 120, rows: 30, cwd: ROOT });
    await tmux.waitFor('shell-before-tracktop');
    tmux.type(
      `node ${BIN} --interval 1 --api-host ${huge.url} --access-key ${keys.accessKey} --secret-key ${keys.secretKey}; echo "tracktop-exit=$?"`,
    );
    tmux.sendKeys('Enter');
    await tmux.waitFor('second-run', 15_000);
  }, 60_000);

  afterAll(async () => {
    tmux?.kill();
    await writer?.close();
    await huge?.close();
    await server?.close();
  });

  it('is named in the status bar, keeps the rows and the keys, and costs far less memory than it sends', async () => {
    huge.endpoints.add(LIST);
    const screen = await tmux.waitFor(/reports\.get_task_data: answer too large \(more than \d/, 20_000);
    expect(screen).toContain('first-run');
    expect(screen).toContain('second-run');
    const pid = monitorPid(tmux);
    const peakMb = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
    expect(peakMb).toBeLessThan(300);
    // Keys still work: help opens and closes, and q quits.
    tmux.sendKeys('?');
    await tmux.waitFor(/help/i, 10_000);
    tmux.sendKeys('q');
    tmux.sendKeys('q');
    await tmux.waitFor('tracktop-exit=0', 10_000);
  }, 60_000);
});
