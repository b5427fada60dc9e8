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
   * Selects the listed report whose comment is `comment`: the details pane shows the selected
   * report's comment (the list does not), so move down from the top until it shows.
   */
  async function select(comment: string): Promise<void> {
    const t = demo.tmux;
    t.sendKeys('g');
    for (let i = 0; i < 12; i++) {
      try {
        await t.waitFor(comment, 250);
        return;
      } catch {
        t.sendKeys('j');
      }
    }
    throw new Error(`no listed report has the comment "${comment}"; screen:\n${t.screen()}`);
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
    await select('why the mixup run crashed');
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
    await select('temperature sweep');
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
    await select('live: the cosine run is still training');
    t.sendKeys('m');
    await t.waitFor('Move "Learning-rate sweep: cosine vs constant" to project');
    t.sendKeys('C-u');
    typeKeys('triage-e2e');
    await t.waitFor('project: triage-e2e');
    t.sendKeys('Enter');
    await t.waitFor('moved "Learning-rate sweep: cosine vs constant" to triage-e2e');
    expect((await serverReport('Learning-rate sweep: cosine vs constant'))?.project).toBe('triage-e2e/.reports');
  }, 20_000);

  it('deletes an archived report after confirming', async () => {
    const t = demo.tmux;
    const before = await serverReport('Augmentation notes (old)');
    expect(before).toMatchObject({ archived: true, status: 'created' });
    t.sendKeys('Escape');
    await t.waitFor((s) => s.includes('Weekly training summary') && !s.includes('tags: needs-review'));
    t.sendKeys('A');
    await t.waitFor('Augmentation notes (old)');
    await select('superseded');
    t.sendKeys('d');
    await t.waitFor('Delete "Augmentation notes (old)"? This cannot be undone.');
    t.sendKeys('y');
    await t.waitFor('deleted "Augmentation notes (old)"');
    const { tasks } = await demo.client.reports.getAllEx({ id: [before?.id ?? ''], only_fields: ['id'] });
    expect(tasks).toEqual([]);
    await t.waitFor((s) => !panes(s).includes('Augmentation notes (old)'));
  }, 20_000);
});
