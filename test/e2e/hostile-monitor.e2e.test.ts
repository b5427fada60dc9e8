// The monitor (built binary, in tmux) against the embedded server holding tasks whose names
// carry escape sequences, \r, zero-width characters and emoji whose widths terminals disagree
// on. Every row must be exactly the pane's width as tmux draws it: no wrap, no scroll, the
// header and status bar still in place, and no escape reaching the terminal.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type ApiClient } from '../../src/api/index.js';
import { displayWidth } from '../../src/text/sanitize.js';
import { assertBuiltAndTmux, BIN, ROOT } from '../helpers/demo-process.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { createTask } from '../helpers/store-fixture.js';
import { startTmux, type TmuxSession } from '../helpers/tmux.js';

const COLUMNS = 100;
const ROWS = 30;
const ESC = '\u001b';

const HOSTILE_NAMES = [
  `${ESC}]52;c;SGVsbG8=\u0007evil\u200b👍🏽\rX`,
  `fam 👨🏽\u200d👩🏽\u200d👧🏽 ${ESC}]0;pwned\u0007🇫🇩 🇫🇷 #\ufe0f\u20e3 \u2764\ufe0f`,
  `${ESC}[2J${ESC}[Hกำ क्ष 漢字\tz\u202eabc\u2069 e\u0301`,
];
// What each name shows, sanitised: enough of it to find its row.
const SHOWN = ['Xvil', 'fam', 'zabc'];

describe('hostile task names in the monitor', () => {
  let server: TestServer;
  let writer: ApiClient;
  let tmux: TmuxSession;

  beforeAll(async () => {
    assertBuiltAndTmux();
    server = await startTestServer();
    writer = createClient({ apiHost: server.url, accessKey: server.accessKey, secretKey: server.secretKey });
    for (const name of HOSTILE_NAMES) await createTask(writer, name);
    tmux = startTmux([], { columns: COLUMNS, rows: ROWS, cwd: ROOT });
    // Set before the monitor starts: an OSC 52 that got through would then become a paste buffer.
    execFileSync('tmux', ['-S', tmux.socket, 'set-option', '-s', 'set-clipboard', 'on']);
    await tmux.waitFor('shell-before-tracktop');
    tmux.type(`node ${BIN} --api-host ${server.url} --access-key ${server.accessKey} --secret-key ${server.secretKey}`);
    tmux.sendKeys('Enter');
  }, 60_000);

  afterAll(async () => {
    tmux?.kill();
    await writer?.close();
    await server?.close();
  });

  it('draws every row at exactly the pane width, header and status bar in place', async () => {
    await tmux.waitFor((s) => SHOWN.every((text) => s.includes(text)), 30_000);
    // One more poll interval, so a late redraw would show too.
    await new Promise((r) => setTimeout(r, 1500));
    const rows = tmux.screen().replace(/\n$/, '').split('\n');
    expect(rows.length).toBeLessThanOrEqual(ROWS);
    // Nothing scrolled: the pane tabs are the first row, the list's top border the second.
    expect(rows[0]).toMatch(/1 Tasks\s+2 Reports/);
    expect(rows[1]).toMatch(/^┏━ ▸tasks ━ 3 /);
    const bottom = rows.findIndex((r) => r.startsWith('┗'));
    expect(bottom).toBeGreaterThan(1);
    expect(rows.filter((r) => r.includes(server.url)).length).toBe(1);
    // Every row of the frame, the three hostile ones included, is exactly the pane wide (widths
    // as tmux draws them: test/e2e/width.e2e.test.ts holds displayWidth to tmux).
    const frame = rows.slice(1, bottom + 1);
    const listEdge = (row: string): number => displayWidth(row.slice(0, row.search(/[┃┓┛](?=[│╭╰])/)));
    for (const row of frame) {
      expect(displayWidth(row), row).toBe(COLUMNS);
      expect(row).toMatch(/[│╮╯]$/);
      // The task list's right border sits in the same column on every row.
      expect(listEdge(row), row).toBe(listEdge(rows[1] as string));
    }
    for (const text of SHOWN) expect(frame.filter((r) => r.includes(text)).length, text).toBe(1);
  }, 40_000);

  it('lets no escape from the names reach the terminal', () => {
    const tmuxValue = (...args: string[]): string =>
      execFileSync('tmux', ['-S', tmux.socket, ...args], { encoding: 'utf8' });
    expect(tmuxValue('list-buffers')).toBe('');
    expect(tmuxValue('display-message', '-p', '-t', tmux.name, '#{pane_title}')).not.toContain('pwned');
    const screen = tmux.screen();
    expect(screen).not.toContain('pwned');
    expect(screen).not.toContain('SGVsbG8');
  });
});
