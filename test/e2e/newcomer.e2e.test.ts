// A newcomer's first minutes with `tracktop demo` in a real terminal (tmux at 120x40), as a
// trial found them: the sort by iteration shows its column and arrow, a key of another pane
// says where it works, `y` says when tmux may keep the copy from the clipboard (tmux's default
// set-clipboard), `S` and `Esc` set and clear the status filter, help opens on the status
// glyphs and hints its own keys, the E refusal keeps its end, and the publish dialog's footer
// hints no report list keys.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo, type DemoSession } from '../helpers/demo-process.js';

/** The footer: the two rows under the panes' bottom frame. */
function footer(screen: string): string {
  const rows = screen.trimEnd().split('\n');
  return rows.slice(-2).join('\n');
}

describe('newcomer path in tmux', () => {
  let demo: DemoSession;

  beforeAll(async () => {
    demo = await startDemo({ columns: 120, rows: 40 });
    await demo.tmux.waitFor('resnet50-baseline', 30_000);
  }, 60_000);

  afterAll(async () => {
    await demo?.stop();
  });

  it('sorted by iteration, the narrow task list shows the iteration column with its arrow', async () => {
    const t = demo.tmux;
    t.sendKeys('o', 'o', 'o', 'o');
    const screen = await t.waitFor('sorted by iteration');
    expect(screen).toMatch(/iter▼/);
    t.sendKeys('o');
    await t.waitFor('sorted by updated');
  }, 30_000);

  it('a key of another pane says where it works', async () => {
    demo.tmux.sendKeys('w');
    await demo.tmux.waitFor('w does nothing in the task list: in the logs, wrap long lines on/off');
  }, 20_000);

  it("y says the copy may not arrive with tmux's default set-clipboard", async () => {
    demo.tmux.sendKeys('y');
    const screen = await demo.tmux.waitFor('tmux may not pass it on');
    expect(footer(screen).replace(/\s+/g, ' ')).toContain('run tmux set -g set-clipboard on');
  }, 20_000);

  it('S filters by a status and Esc clears it', async () => {
    const t = demo.tmux;
    t.sendKeys('S');
    await t.waitFor('status: running');
    t.sendKeys('Escape');
    await t.waitFor((s) => !s.includes('status: running'));
  }, 20_000);

  it('help opens on the status glyphs and hints its own keys', async () => {
    const t = demo.tmux;
    t.sendKeys('7');
    await t.waitFor(/plots & images/);
    t.sendKeys('?');
    const screen = await t.waitFor('task status glyphs');
    for (const entry of ['▶ running', '✗ failed', '✓ completed', '● published', '○ created', '■ stopped'])
      expect(screen).toContain(entry);
    expect(footer(screen)).not.toContain('iteration');
    t.sendKeys('q');
    await t.waitFor((s) => !s.includes('task status glyphs'));
  }, 20_000);

  it('the E refusal keeps its end in view', async () => {
    const t = demo.tmux;
    t.sendKeys('1');
    t.sendKeys('E');
    const screen = await t.waitFor('export failed');
    expect(footer(screen).replace(/\s+/g, ' ')).toContain('not the tasks pane');
  }, 20_000);

  it('the publish dialog hints its answers, not the report list keys', async () => {
    const t = demo.tmux;
    t.sendKeys('2');
    await t.waitFor('Weekly training summary');
    t.sendKeys('p');
    const screen = await t.waitFor(/Publish .*\?/);
    expect(footer(screen)).not.toContain('archive');
    t.sendKeys('n');
  }, 20_000);
});
