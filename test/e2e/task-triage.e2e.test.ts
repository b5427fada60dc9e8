// Task triage, metric columns and task filters from the keyboard, in a real terminal (tmux)
// against `tracktop demo`: a metric column added with M and sorted by with o, a running task
// aborted with K and stopped by its worker, archive with u undo, tags and the tag filter, a move to
// a new project that asks first (and creates nothing on no), a bulk delete that asks again
// saying what force means. The pickers and dialogs are drawn at
// 80x24, 120x40 and 200x60. After each step the server's state, read through the API, must
// match the screen. The monitor's state file goes to a temp XDG_CONFIG_HOME.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo, type DemoSession } from '../helpers/demo-process.js';

const COLUMNS = 120;
const ROWS = 40;

interface ServerTask {
  id: string;
  name: string;
  status: string;
  tags: string[];
  archived: boolean;
  accuracy: number | undefined;
}

/** The task list's rows (left pane), without the frame. */
function listRows(screen: string): string[] {
  return screen
    .split('\n')
    .filter((row) => row.startsWith('┃'))
    .map((row) => row.slice(1, row.indexOf('┃', 1)));
}

describe('task triage in tmux', () => {
  let demo: DemoSession;
  let config: string;

  beforeAll(async () => {
    config = mkdtempSync(join(tmpdir(), 'tracktop-config-'));
    demo = await startDemo({ columns: COLUMNS, rows: ROWS, env: { XDG_CONFIG_HOME: config } });
  }, 60_000);

  afterAll(async () => {
    await demo?.stop();
    rmSync(config, { recursive: true, force: true });
  });

  async function serverTasks(): Promise<ServerTask[]> {
    const { tasks } = await demo.client.tasks.getAllEx({
      only_fields: ['id', 'name', 'status', 'tags', 'system_tags', 'last_metrics'],
    });
    return tasks.map((t) => {
      const metrics = Object.values(t.last_metrics ?? {}).flatMap((v) => Object.values(v));
      const acc = metrics.find((m) => m.metric === 'accuracy' && m.variant === 'val');
      return {
        id: t.id,
        name: t.name ?? '',
        status: t.status ?? '',
        tags: t.tags ?? [],
        archived: (t.system_tags ?? []).includes('archived'),
        accuracy: acc?.value,
      };
    });
  }

  async function serverTask(name: string): Promise<ServerTask | undefined> {
    return (await serverTasks()).find((t) => t.name === name);
  }

  function typeKeys(text: string): void {
    for (const ch of text) demo.tmux.type(ch);
  }

  /** Selects the listed task named `name` by its id (`:` jumps to a task by id). */
  async function select(name: string): Promise<void> {
    const t = demo.tmux;
    const task = await serverTask(name);
    if (task === undefined) throw new Error(`no task ${name} on the server`);
    t.sendKeys('1');
    t.sendKeys(':');
    await t.waitFor((s) => s.includes('task id'));
    typeKeys(task.id.slice(0, 12));
    t.sendKeys('Enter');
    await t.waitFor((s) => !s.includes('task id'));
  }

  it('shows each task project at 120 columns', async () => {
    const t = demo.tmux;
    const screen = await t.waitFor((s) => s.includes('resnet50-cosine-lr3e-4') && s.includes('project'), 30_000);
    const rows = listRows(screen);
    // A narrow column shows the project whole when it fits (rl/ppo), else the last part of its
    // path, shortened in the middle (vision/resnet-sweeps).
    expect(
      rows.find((r) => r.includes('resnet50-co')),
      screen,
    ).toMatch(/ res…eps /);
    expect(
      rows.find((r) => r.includes('ppo-cartpole')),
      screen,
    ).toMatch(/ rl\/ppo /);
  }, 40_000);

  it('adds accuracy/val as a column with M and sorts by it with o, on the server', async () => {
    const t = demo.tmux;
    t.sendKeys('M');
    await t.waitFor(
      (s) => s.includes('Metric columns') && s.includes('[ ] accuracy/val') && !s.includes('loading metrics'),
    );
    typeKeys('accuracy/v');
    t.sendKeys('Enter');
    await t.waitFor('metric columns: accuracy/val');
    await t.waitFor((s) => /acc\S*val/.test(listRows(s)[0] ?? ''));
    for (let i = 0; i < 5; i++) t.sendKeys('o');
    await t.waitFor('sorted by accuracy/val, descending');
    // Saved in the demo server's own part of the state file.
    const saved = JSON.parse(readFileSync(join(config, 'tracktop', 'state.json'), 'utf8')) as {
      servers: Record<string, { metricColumns: { metric: string; variant: string }[] }>;
    };
    expect(Object.keys(saved.servers)).toEqual([demo.url]);
    expect(saved.servers[demo.url]?.metricColumns).toMatchObject([{ metric: 'accuracy', variant: 'val' }]);
    // The first rows are the tasks with the highest accuracy, as the server has them.
    const best = (await serverTasks())
      .filter((x) => x.accuracy !== undefined && !x.archived)
      .sort((a, b) => (b.accuracy ?? 0) - (a.accuracy ?? 0));
    const top = best[0] as ServerTask;
    const screen = await t.waitFor((s) => (listRows(s)[1] ?? '').includes(top.name.slice(0, 10)), 10_000);
    expect(listRows(screen)[0]).toMatch(/acc\S*val▼/);
  }, 40_000);

  it('aborts a running task with K after asking; its worker stops it and the row shows it', async () => {
    const t = demo.tmux;
    const running = (await serverTasks()).find((x) => x.status === 'in_progress' && x.name === 'ppo-cartpole');
    expect(running).toBeDefined();
    await select('ppo-cartpole');
    t.sendKeys('K');
    const dialog = await t.waitFor('Abort "ppo-cartpole"?');
    expect(dialog).toContain('stopped');
    t.sendKeys('y');
    // A simulated worker runs it (src/demo/simulated-workers.ts): the server only asks it to stop.
    await t.waitFor('aborted "ppo-cartpole" (its worker stops it next)');
    const deadline = Date.now() + 10_000;
    while ((await serverTask('ppo-cartpole'))?.status !== 'stopped') {
      if (Date.now() > deadline) throw new Error('the worker did not stop ppo-cartpole');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await t.waitFor((s) => listRows(s).some((r) => r.startsWith('■') && r.includes('ppo-cartpole')));
  }, 30_000);

  it('archives a task with a and brings it back with u', async () => {
    const t = demo.tmux;
    await select('ppo-cartpole');
    t.sendKeys('a');
    await t.waitFor('archived "ppo-cartpole" — u to undo');
    expect((await serverTask('ppo-cartpole'))?.archived).toBe(true);
    await t.waitFor((s) => !listRows(s).some((r) => r.includes('ppo-cartpole')));
    t.sendKeys('u');
    await t.waitFor('undone: restored "ppo-cartpole"');
    expect((await serverTask('ppo-cartpole'))?.archived).toBe(false);
    await t.waitFor((s) => listRows(s).some((r) => r.includes('ppo-cartpole')));
  }, 30_000);

  it('tags a task with t and filters the list by that tag with T', async () => {
    const t = demo.tmux;
    await select('ppo-cartpole');
    t.sendKeys('t');
    // The field starts empty; the tags now are the hint, and what is typed adds to them.
    await t.waitFor((s) => s.includes('Tags of "ppo-cartpole"') && s.includes('now: ppo (Enter alone keeps them)'));
    typeKeys('e2e-pick');
    t.sendKeys('Enter');
    await t.waitFor('tagged "ppo-cartpole"');
    expect((await serverTask('ppo-cartpole'))?.tags).toEqual(['e2e-pick', 'ppo']);
    t.sendKeys('T');
    await t.waitFor((s) => s.includes('[ ] e2e-pick') && !s.includes('loading tags'));
    typeKeys('e2e');
    t.sendKeys('Enter');
    const screen = await t.waitFor(
      (s) => s.includes('tags +e2e-pick') && listRows(s).filter((r) => /\S/.test(r)).length <= 2,
    );
    expect(listRows(screen).some((r) => r.includes('ppo-cartpole'))).toBe(true);
    t.sendKeys('Escape');
    await t.waitFor('filters cleared: every task is shown');
  }, 30_000);

  it('asks before m creates a new project; no leaves the project list without it', async () => {
    const t = demo.tmux;
    await t.waitFor('resnet50-cosine-lr3e-4', 30_000);
    await select('resnet50-cosine-lr3e-4');
    t.sendKeys('m');
    // The field starts empty with the project now as a hint: typing does not append to it.
    await t.waitFor((s) => s.includes('Move "resnet50-cosine-lr3e-4" to project') && s.includes('now: vision'));
    typeKeys('triage/oom');
    await t.waitFor('project: triage/oom');
    t.sendKeys('Enter');
    const question = await t.waitFor('Create project "triage/oom" and move "resnet50-cosine-lr3e-4" there?');
    expect(question).toContain('n / q / Esc: no');
    t.sendKeys('n');
    await t.waitFor((s) => !s.includes('Create project'));
    const { projects } = await demo.client.projects.getAllEx({ only_fields: ['name'], search_hidden: true });
    expect(projects.map((p) => p.name)).not.toContain('triage/oom');
    t.sendKeys('P');
    await t.waitFor((s) => s.includes('(all projects)') && !s.includes('loading projects'));
    // Typing narrows the picker to the projects whose name holds the text: none.
    typeKeys('oom');
    await t.waitFor('no project matches "oom"');
    t.sendKeys('Escape');
    await t.waitFor((s) => !s.includes('(all projects)'));
  }, 30_000);

  it('deletes two marked tasks after asking twice, the second time saying what force means', async () => {
    const t = demo.tmux;
    await select('resnet50-mixup');
    t.sendKeys('Space');
    await select('bert-distill-t4');
    t.sendKeys('Space');
    t.sendKeys('d');
    await t.waitFor('Delete 2 tasks with its events? This cannot be undone.');
    t.sendKeys('y');
    const force = await t.waitFor('delete anyway (force)?');
    expect(force).toContain('Force deletes a task whatever its status');
    t.sendKeys('y');
    await t.waitFor('deleted 2 tasks');
    const names = (await serverTasks()).map((x) => x.name);
    expect(names).not.toContain('resnet50-mixup');
    expect(names).not.toContain('bert-distill-t4');
  }, 30_000);

  for (const [columns, rows] of [
    [80, 24],
    [200, 60],
    [120, 40],
  ] as const) {
    it(`draws the metric picker, the abort dialog and the columns at ${columns}x${rows}`, async () => {
      const t = demo.tmux;
      t.resize(columns, rows);
      await t.waitFor((s) => (s.split('\n')[1] ?? '').length === columns && s.includes('tasks'));
      expect(t.screen().trimEnd().split('\n').length).toBeLessThanOrEqual(rows);
      t.sendKeys('1');
      t.sendKeys('M');
      const picker = await t.waitFor((s) => s.includes('[x] accuracy/val') && !s.includes('loading metrics'));
      expect(picker.split('\n').every((line) => line.length <= columns)).toBe(true);
      expect(picker).toContain('Tab: on / off');
      t.sendKeys('Escape');
      await t.waitFor((s) => !s.includes('Metric columns'));
      // The project picker is a tree (a parent, its subprojects indented under it).
      t.sendKeys('P');
      const tree = await t.waitFor((s) => s.includes('(all projects)') && !s.includes('loading projects'));
      const treeRows = tree.split('\n');
      const parent = treeRows.findIndex((r) => /\( \) vision\b/.test(r));
      expect(parent, tree).toBeGreaterThan(0);
      expect(treeRows[parent + 1], tree).toMatch(/\( \) {3}resnet-sweeps/);
      t.sendKeys('Escape');
      await t.waitFor((s) => !s.includes('(all projects)'));
      t.sendKeys('U');
      const users = await t.waitFor('(all users)');
      expect(users.split('\n').every((line) => line.length <= columns)).toBe(true);
      t.sendKeys('Escape');
      await t.waitFor((s) => !s.includes('(all users)'));
      await select('bert-base-sst2');
      t.sendKeys('K');
      const dialog = await t.waitFor('Abort "bert-base-sst2"?');
      expect(dialog).toContain('y / Enter');
      t.sendKeys('n');
      await t.waitFor((s) => !s.includes('Abort "bert-base-sst2"?'));
      expect((await serverTask('bert-base-sst2'))?.status).toBe('in_progress');
    }, 30_000);
  }
});
