// What a new user meets first, in a real terminal (tmux) against `tracktop demo`: help and both
// views reachable at every supported size, the filter applying as it is typed (by name or
// id, invalid patterns named), pickers over the panes, bulk archive asking first, and the
// read-only mode saying why an action key does nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo, type DemoSession } from '../helpers/demo-process.js';

function rowsOf(screen: string): string[] {
  return screen.replace(/\n$/, '').split('\n');
}

/** The footer: the rows below the last pane frame. */
function footer(screen: string): string {
  const rows = rowsOf(screen);
  const last = rows.map((r) => /^[┗╰]/.test(r)).lastIndexOf(true);
  return rows.slice(last + 1).join('\n');
}

describe('first impressions in tmux', () => {
  let demo: DemoSession;

  beforeAll(async () => {
    demo = await startDemo({ columns: 80, rows: 24 });
  }, 60_000);

  afterAll(async () => {
    await demo?.stop();
  });

  it('shows "? help" at 80x24, and "? help" and every view tab at 60x16', async () => {
    const t = demo.tmux;
    let screen = await t.waitFor('resnet50-cosine-lr3e-4', 30_000);
    expect(footer(screen)).toContain('? help');
    t.resize(60, 16);
    // Ink redraws after the resize: wait for a whole 60-column frame (its header first).
    screen = await t.waitFor(
      (s) => rowsOf(s).every((r) => [...r].length <= 60) && rowsOf(s)[0]?.startsWith(' 1 Task ') === true,
    );
    // The Tasks view's seven pane tabs leave room for the views' short names only.
    expect(rowsOf(screen)[0]).toMatch(/1 Task +2 Rep +3 Clu/);
    expect(footer(screen)).toContain('? help');
    t.sendKeys('2');
    screen = await t.waitFor('Weekly training summary');
    expect(rowsOf(screen)[0]).toContain('1 Tasks');
    expect(footer(screen)).toContain('? help');
    t.sendKeys('1');
    t.resize(120, 36);
    await t.waitFor((s) => rowsOf(s)[0]?.includes('7 plots') === true && s.includes('ppo-cartpole'));
  }, 40_000);

  it('filters the task list as the pattern is typed, without Enter', async () => {
    const t = demo.tmux;
    t.sendKeys('/');
    await t.waitFor('/filter tasks:');
    for (const ch of 'bert') t.type(ch);
    const screen = await t.waitFor((s) => s.includes('bert-base-sst2') && !s.includes('ppo-cartpole'));
    expect(screen).toContain('/filter tasks: bert');
    expect(screen).not.toContain('resnet50-cosine-lr3e-4');
  }, 20_000);

  it('names an invalid pattern and where it breaks instead of saying nothing matches', async () => {
    const t = demo.tmux;
    t.sendKeys('C-u');
    for (const ch of '(bert') t.type(ch);
    const screen = await t.waitFor('invalid pattern at 1: missing )');
    expect(screen).not.toContain('no tasks match');
    // The fixed pattern applies again.
    t.type(')');
    await t.waitFor(
      (s) => !s.includes('invalid pattern') && s.includes('bert-base-sst2') && !s.includes('ppo-cartpole'),
    );
  }, 20_000);

  it('finds a task by a pasted id prefix', async () => {
    const t = demo.tmux;
    const { tasks } = await demo.client.tasks.getAllEx({ name: '^ppo-hopper$', only_fields: ['id', 'name'] });
    const id = tasks[0]?.id ?? '';
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    t.sendKeys('C-u');
    t.type(id.slice(0, 10));
    await t.waitFor((s) => s.includes('ppo-hopper') && !s.includes('bert-base-sst2') && !s.includes('ppo-cartpole'));
    // Esc puts the list back as it was before the prompt opened.
    t.sendKeys('Escape');
    await t.waitFor((s) => s.includes('ppo-cartpole') && s.includes('bert-base-sst2') && !s.includes('/filter'));
  }, 20_000);

  it('opens the tag picker as a centred dialog with the panes still in view', async () => {
    const t = demo.tmux;
    t.sendKeys('2');
    await t.waitFor('Weekly training summary');
    t.sendKeys('T');
    const screen = await t.waitFor((s) => s.includes('[ ] needs-review') && !s.includes('loading tags'));
    const rows = rowsOf(screen);
    const title = rows.find((r) => r.includes('Show reports by tag')) ?? '';
    const left = title.indexOf('┏');
    expect(left).toBeGreaterThan(10);
    expect(title.lastIndexOf('┓') - left).toBeLessThan(70);
    // The report list's frame and the details pane show on both sides of the dialog.
    const inside = rows.filter((r) => r.includes('[ ] needs-review'))[0] ?? '';
    expect(inside.startsWith('┃')).toBe(true);
    expect(inside.trimEnd().endsWith('│')).toBe(true);
    expect(screen).toContain('Weekly training summary');
    t.sendKeys('Escape');
    await t.waitFor((s) => !s.includes('Show reports by tag'));
  }, 20_000);

  it('asks before archiving several marked reports, listing them', async () => {
    const t = demo.tmux;
    const unarchived = async (): Promise<number> =>
      (await demo.client.reports.getAllEx({ only_fields: ['id', 'system_tags'] })).tasks.filter(
        (r) => !((r as { system_tags?: string[] }).system_tags ?? []).includes('archived'),
      ).length;
    const before = await unarchived();
    t.sendKeys('g', 'Space', 'j', 'Space');
    await t.waitFor('2 marked');
    t.sendKeys('a');
    const screen = await t.waitFor('Archive 2 reports?');
    expect(screen).toContain('Weekly training summary');
    expect(screen).toContain('u undoes it afterwards.');
    expect(await unarchived()).toBe(before);
    t.sendKeys('n');
    await t.waitFor((s) => !s.includes('Archive 2 reports?'));
    expect(await unarchived()).toBe(before);
    t.sendKeys('a');
    await t.waitFor('Archive 2 reports?');
    t.sendKeys('y');
    await t.waitFor('u to undo');
    expect(await unarchived()).toBe(before - 2);
  }, 30_000);
});

describe('--read-only in tmux', () => {
  let demo: DemoSession;

  beforeAll(async () => {
    demo = await startDemo({ columns: 100, rows: 30, extraArgs: ['--read-only'] });
  }, 60_000);

  afterAll(async () => {
    await demo?.stop();
  });

  it('says which action is off when its key is pressed', async () => {
    const t = demo.tmux;
    await t.waitFor('resnet50-cosine-lr3e-4', 30_000);
    t.sendKeys('2');
    await t.waitFor('Weekly training summary');
    t.sendKeys('a');
    await t.waitFor('read-only: archive is off');
    t.sendKeys('d');
    await t.waitFor('read-only: delete is off');
    const screen = t.screen();
    expect(screen).not.toContain('a archive');
    expect(screen).not.toContain('Delete');
  }, 40_000);
});
