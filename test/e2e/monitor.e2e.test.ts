// The built binary in a real terminal (tmux), against `tracktop demo`: what a user sees.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo, type DemoSession } from '../helpers/demo-process.js';

const FIRST_LINE = '[demo] log start: line 1 of 50000';
const LAST_LINE = '[demo] log end: line 50000 of 50000';

function rowsOf(screen: string): string[] {
  return screen.replace(/\n$/, '').split('\n');
}

/** The rows of the scalars pane that show a metric (metric › variant). */
function scalarRows(screen: string): string {
  return rowsOf(screen)
    .filter((r) => r.includes('›'))
    .join('\n');
}

/**
 * One intact frame: the pane tabs row once, the status bar (server label) once, the last row
 * free (frames stay below the terminal's height), nothing past the terminal's width.
 */
function isCleanFrame(screen: string, columns: number, rows: number): boolean {
  const lines = rowsOf(screen);
  return (
    lines.length <= rows &&
    lines.every((line) => [...line].length <= columns) &&
    lines.filter((l) => /scal/.test(l) && /logs/.test(l)).length === 1 &&
    lines.filter((l) => l.includes('(demo)')).length === 1 &&
    (lines[rows - 1] ?? '') === ''
  );
}

function expectCleanFrame(screen: string, columns: number, rows: number): void {
  const lines = rowsOf(screen);
  expect(lines.length).toBeLessThanOrEqual(rows);
  for (const line of lines) expect([...line].length).toBeLessThanOrEqual(columns);
  // The header (at 60 columns its pane tabs are short: `scal`).
  expect(lines.filter((l) => /scal/.test(l) && /logs/.test(l)).length).toBe(1);
  expect(lines.filter((l) => l.includes('(demo)')).length).toBe(1);
  expect(lines[rows - 1] ?? '').toBe('');
}

/**
 * Waits for an intact frame at this size. A status message of the live demo (a run that
 * failed, a key's answer) takes the one-row status bar's place for a few seconds, so a single
 * snapshot taken at a fixed moment could catch the server label covered; the frame must still
 * be intact once it is gone.
 */
async function expectCleanFrameSoon(
  t: { waitFor(p: (s: string) => boolean, ms?: number): Promise<string>; screen(): string },
  columns: number,
  rows: number,
): Promise<void> {
  const screen = await t.waitFor((s) => isCleanFrame(s, columns, rows), 15_000).catch(() => t.screen());
  expectCleanFrame(screen, columns, rows);
}

describe('tracktop demo in tmux', () => {
  let demo: DemoSession;

  beforeAll(async () => {
    demo = await startDemo({ columns: 120, rows: 36 });
  }, 60_000);

  afterAll(async () => {
    await demo?.stop();
  });

  it('shows the task list with the demo runs', async () => {
    const screen = await demo.tmux.waitFor('resnet50-cosine-lr3e-4', 30_000);
    expect(screen).toContain('ppo-cartpole');
    expect(screen).toContain('bert-base-sst2');
  }, 40_000);

  it('draws the selected task in inverse video although CI is set in its environment', async () => {
    // The binary runs with CI=false, which makes chalk (Ink's styling) drop every style unless
    // the monitor keeps them: without inverse the selection would be invisible.
    await demo.tmux.waitFor('resnet50-cosine-lr3e-4', 30_000);
    const selected = demo.tmux
      .styledScreen()
      .split('\n')
      .filter((row) => row.includes('\u001B[7m'));
    expect(selected.length).toBeGreaterThan(0);
    expect(selected.join('\n')).toMatch(/\u001B\[7m[^\n]*(resnet|ppo|bert)/);
  }, 40_000);

  it("changes a running task's values on screen as it reports", async () => {
    // The newest-updated task (a live run) is selected first; its scalars pane shows last values.
    const before = scalarRows(await demo.tmux.waitFor((s) => scalarRows(s).length > 0));
    const after = await demo.tmux.waitFor((s) => scalarRows(s) !== '' && scalarRows(s) !== before, 20_000);
    expect(scalarRows(after)).not.toBe(before);
  }, 30_000);

  it("g in the 50,000-line task's log reaches its first line, G the last", async () => {
    const t = demo.tmux;
    t.sendKeys('1', '/');
    t.type('resnet101');
    t.sendKeys('Enter');
    await t.waitFor((s) => s.includes('resnet101-long-schedule') && !s.includes('ppo-cartpole'));
    t.sendKeys('6');
    await t.waitFor(/▸logs|> ?logs/);
    t.sendKeys('g');
    await t.waitFor(FIRST_LINE, 20_000);
    t.sendKeys('G');
    const end = await t.waitFor(LAST_LINE, 20_000);
    expect(end).not.toContain(FIRST_LINE);
  }, 60_000);

  it('/ from the end of that log finds its first line, 50,000 lines back (the scan runs in a worker)', async () => {
    const t = demo.tmux;
    t.sendKeys('/');
    t.type('log start: line 1 of');
    t.sendKeys('Enter');
    const found = await t.waitFor((s) => s.includes(FIRST_LINE) && s.includes('/log start: line 1 of/ match'), 20_000);
    expect(found).not.toContain(LAST_LINE);
    // Escape then G at once could reach the monitor as one read, "ESC G", which is alt+G.
    t.sendKeys('Escape');
    await t.waitFor((s) => !s.includes('/log start: line 1 of/ match'));
    t.sendKeys('G');
    await t.waitFor(LAST_LINE, 20_000);
  }, 40_000);

  it('follows a live run: new log lines appear at the bottom', async () => {
    const t = demo.tmux;
    t.sendKeys('1', 'Escape');
    await t.waitFor('ppo-cartpole');
    t.sendKeys('/');
    t.type('cosine');
    t.sendKeys('Enter');
    await t.waitFor((s) => s.includes('resnet50-cosine-lr3e-4') && !s.includes('ppo-cartpole'));
    t.sendKeys('6', 'G');
    const logRows = (s: string): string[] => rowsOf(s).filter((r) => /\d\d:\d\d:\d\d /.test(r));
    await t.waitFor((s) => s.includes('follow ●') || s.includes('follow on'));
    // Let the newest page of this task replace the previous task's lines before taking stock.
    await new Promise((r) => setTimeout(r, 1500));
    const before = t.screen();
    const seen = new Set(logRows(before));
    const after = await t.waitFor((s) => logRows(s).some((r) => !seen.has(r)), 20_000);
    expect(logRows(after).some((r) => !seen.has(r))).toBe(true);
  }, 40_000);

  it('re-lays out cleanly at 60x16 and 200x60, and shows "too small" below 60x16', async () => {
    const t = demo.tmux;
    t.resize(60, 16);
    await t.waitFor((s) => rowsOf(s).length <= 16 && s.includes('(demo)'));
    await expectCleanFrameSoon(t, 60, 16);

    t.resize(200, 60);
    await t.waitFor((s) => rowsOf(s).some((r) => [...r].length > 120));
    await expectCleanFrameSoon(t, 200, 60);

    t.resize(59, 15);
    await t.waitFor(/too small/i);
    t.resize(120, 36);
    await t.waitFor((s) => s.includes('(demo)') && !/too small/i.test(s));
  }, 40_000);

  it('q restores the shell screen as it was', async () => {
    const t = demo.tmux;
    t.sendKeys('q');
    const screen = await t.waitFor('tracktop-exit=0', 20_000);
    // The shell's own lines are back (the end of the command as typed), with the exit status;
    // after the resizes above the command line may be in the pane's history.
    const history = execFileSync('tmux', ['-S', t.socket, 'capture-pane', '-p', '-S', '-', '-t', t.name], {
      encoding: 'utf8',
    });
    expect(history.replace(/\n/g, '')).toContain('--interval 1');
    // Nothing of the monitor's frame is left on the normal screen.
    expect(screen).not.toMatch(/[┃┏╭│]/);
    expect(screen).not.toContain('resnet50-cosine-lr3e-4');
    // The demo said where it is before the monitor started, and says it again at the end.
    const flat = history.replace(/\n/g, '');
    expect(flat).toContain(`tracktop demo is at ${demo.url} with access key`);
    expect(flat).toContain(`tracktop demo was at ${demo.url} with access key`);
  }, 30_000);
});
