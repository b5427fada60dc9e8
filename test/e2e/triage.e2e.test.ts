// Report triage from the keyboard, in a real terminal (tmux) against `tracktop demo`: filter
// by a tag, archive and undo, publish, move to a new project by name, delete an archived
// report. After each step the server's state, read through the API, must match the screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemo, type DemoSession } from '../helpers/demo-process.js';

const COLUMNS = 140;
const ROWS = 40;

/** The rows inside the panes (list and details), without the header and the status bar. */
function panes(screen: string): string {
  return screen
    .split('\n')
    .filter((row) => /^[┃│]/.test(row))
    .join('\n');
}

/** The report names of the list pane, top to bottom, as shown (a long one cut with "…"). */
function listedNames(screen: string): string[] {
  return screen
    .split('\n')
    .map((row) => /^[┃│] \S+ +(.+?)(?: {2,}|…)/.exec(row)?.[1])
    .filter((name): name is string => name !== undefined);
}

/** The first row of the details pane: the name of the selected report. */
function detailsTitle(screen: string): string {
  const firstRow = screen.split('\n').find((row) => /^[┃│]/.test(row)) ?? '';
  return (firstRow.split(/[┃│]/)[3] ?? '').trim();
}

/** Whether a listed name (maybe cut) is the report named `name`. */
function sameReport(listed: string, name: string): boolean {
  return listed !== '' && name.startsWith(listed);
}

interface ServerReport {
  id: string;
  name: string;
  status: string;
  tags: string[];
  archived: boolean;
  project: string;
}

describe('report triage in tmux', () => {
  let demo: DemoSession;

  beforeAll(async () => {
    demo = await startDemo({ columns: COLUMNS, rows: ROWS });
  }, 60_000);

  afterAll(async () => {
    await demo?.stop();
  });

  /** Every report as the server has it now. */
  async function serverReports(): Promise<ServerReport[]> {
    const { tasks } = await demo.client.reports.getAllEx({
      only_fields: ['id', 'name', 'status', 'tags', 'system_tags', 'project.name'],
    });
    return tasks.map((t) => {
      const r = t as unknown as {
        id: string;
        name: string;
        status: string;
        tags?: string[];
        system_tags?: string[];
        project?: { name?: string };
      };
      return {
        id: r.id,
        name: r.name,
        status: r.status,
        tags: r.tags ?? [],
        archived: (r.system_tags ?? []).includes('archived'),
        project: r.project?.name ?? '',
      };
    });
  }

  async function serverReport(name: string): Promise<ServerReport | undefined> {
    return (await serverReports()).find((r) => r.name === name);
  }

  /** Types text one key press at a time. */
  function typeKeys(text: string): void {
    for (const ch of text) demo.tmux.type(ch);
  }

  /**
   * Selects the listed report named `name`: counts the rows between the selected one (the
   * report the details pane shows) and it, presses j or k that many times at once, and waits
   * until the details pane shows it. Keys are handled in order, so no step is skipped or
   * doubled however slowly the frames come.
   */
  async function select(name: string): Promise<void> {
    const t = demo.tmux;
    const screen = await t.waitFor((s) => listedNames(s).some((n) => sameReport(n, detailsTitle(s))));
    const names = listedNames(screen);
    const from = names.findIndex((n) => sameReport(n, detailsTitle(screen)));
    const to = names.findIndex((n) => sameReport(n, name));
    if (to === -1) throw new Error(`"${name}" is not listed; screen:\n${screen}`);
    if (to !== from) t.sendKeys(...Array<string>(Math.abs(to - from)).fill(to > from ? 'j' : 'k'));
    await t.waitFor((s) => detailsTitle(s) === name);
  }

  it('opens the reports view with the demo reports', async () => {
    const t = demo.tmux;
    await t.waitFor('resnet50-cosine-lr3e-4', 30_000);
    t.sendKeys('2');
    const screen = await t.waitFor(
      (s) => s.includes('Weekly training summary') && s.includes('ResNet-50 baseline results'),
    );
    expect(screen).not.toContain('Augmentation notes (old)');
    const visible = (await serverReports()).filter((r) => !r.archived).map((r) => r.name);
    // Long names are cut to the column.
    for (const name of visible) expect(screen).toContain(name.slice(0, 30));
  }, 40_000);

  it('filters by a tag picked from the known tags', async () => {
    const t = demo.tmux;
    t.sendKeys('T');
    await t.waitFor((s) => s.includes('[ ] needs-review') && !s.includes('loading tags'));
    typeKeys('needs');
    await t.waitFor('tag: needs');
    t.sendKeys('Enter');
    const screen = await t.waitFor((s) => s.includes('tags: needs-review') && !s.includes('Weekly training summary'));
    const expected = (await serverReports())
      .filter((r) => !r.archived && r.tags.includes('needs-review'))
      .map((r) => r.name);
    expect(expected.length).toBe(3);
    for (const name of expected) expect(screen).toContain(name.slice(0, 30));
    expect(screen).not.toContain('ResNet-50 baseline results');
  }, 20_000);

  it('archives a report at once and undoes it with u', async () => {
    const t = demo.tmux;
    await select('Post-mortem: mixup OOM');
    t.sendKeys('a');
    await t.waitFor('archived "Post-mortem: mixup OOM" — u to undo');
    expect((await serverReport('Post-mortem: mixup OOM'))?.archived).toBe(true);
    await t.waitFor((s) => !panes(s).includes('Post-mortem: mixup OOM'));
    t.sendKeys('u');
    await t.waitFor('undone: restored "Post-mortem: mixup OOM"');
    expect((await serverReport('Post-mortem: mixup OOM'))?.archived).toBe(false);
    await t.waitFor((s) => panes(s).includes('Post-mortem: mixup OOM'));
  }, 20_000);

  it('publishes a report after confirming', async () => {
    const t = demo.tmux;
    await select('Distillation ablation');
    t.sendKeys('p');
    const dialog = await t.waitFor('Publish "Distillation ablation"?');
    expect(dialog).toContain('can no longer be edited');
    expect((await serverReport('Distillation ablation'))?.status).toBe('created');
    t.sendKeys('y');
    await t.waitFor('published "Distillation ablation"');
    expect((await serverReport('Distillation ablation'))?.status).toBe('published');
  }, 20_000);

  it('moves a report to a new project typed by name', async () => {
    const t = demo.tmux;
    await select('Learning-rate sweep: peak lr 0.4 vs 3e-4');
    t.sendKeys('m');
    await t.waitFor('Move "Learning-rate sweep: peak lr 0.4 vs 3e-4" to project');
    typeKeys('triage-e2e');
    await t.waitFor('project: triage-e2e');
    t.sendKeys('Enter');
    await t.waitFor('Create project "triage-e2e" and move "Learning-rate sweep: peak lr 0.4 vs 3e-4" there?');
    t.sendKeys('y');
    await t.waitFor('moved "Learning-rate sweep: peak lr 0.4 vs 3e-4" to triage-e2e');
    expect((await serverReport('Learning-rate sweep: peak lr 0.4 vs 3e-4'))?.project).toBe('triage-e2e/.reports');
  }, 20_000);

  it('deletes an archived report after confirming', async () => {
    const t = demo.tmux;
    const before = await serverReport('Augmentation notes (old)');
    expect(before).toMatchObject({ archived: true, status: 'created' });
    t.sendKeys('Escape');
    await t.waitFor((s) => s.includes('Weekly training summary') && !s.includes('tags: needs-review'));
    t.sendKeys('A');
    await t.waitFor('Augmentation notes (old)');
    await select('Augmentation notes (old)');
    t.sendKeys('d');
    await t.waitFor('Delete "Augmentation notes (old)"? This cannot be undone.');
    t.sendKeys('y');
    await t.waitFor('deleted "Augmentation notes (old)"');
    const { tasks } = await demo.client.reports.getAllEx({ id: [before?.id ?? ''], only_fields: ['id'] });
    expect(tasks).toEqual([]);
    await t.waitFor((s) => !panes(s).includes('Augmentation notes (old)'));
  }, 20_000);
});
