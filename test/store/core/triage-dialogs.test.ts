// The move and tags dialogs (src/store/core/triage-dialogs.ts), the same cases for the task
// list and the report list, against the embedded server through the real client: each opens
// empty with what is there now as the hint, typing narrows the project names, Up/Down choose
// and Tab completes, a project no one has made is asked about first (no creates nothing),
// and a tag edit adds and removes while every item keeps its other tags. Random key sequences
// (fast-check) check the chosen suggestion against an independent model of the narrowing.
import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fixedStore } from '../../helpers/ui-fixture.js';
import { createTask, monitorFixture, requestBodies, type MonitorFixture } from '../../helpers/store-fixture.js';
import { createReport, openReports, serverReport } from '../../helpers/reports-fixture.js';
import type { ApiClient } from '../../../src/api/index.js';
import type { MonitorActions, MonitorState } from '../../../src/store/types.js';

let fx: MonitorFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

/** What the cases need of one list: making items, opening the list, its keys and what the server holds. */
interface ListUnderTest {
  list: 'tasks' | 'reports';
  noun: string;
  create(writer: ApiClient, name: string, seed: { project?: string; tags?: string[] }): Promise<string>;
  open(f: MonitorFixture, count: number): Promise<MonitorActions>;
  requestMove(a: MonitorActions): void;
  requestTags(a: MonitorActions): void;
  toggleMark(a: MonitorActions): void;
  /** The item's project and tags on the server (a report's project without its `/.reports`). */
  stored(writer: ApiClient, id: string): Promise<{ project: string | null; tags: string[] }>;
  /** The move requests the store sent. */
  moves(f: MonitorFixture): unknown[];
  listed(s: MonitorState): { ids: string[]; byId: Record<string, { project: string | null; tags: string[] }> };
}

const TASKS: ListUnderTest = {
  list: 'tasks',
  noun: 'task',
  async create(writer, name, seed) {
    const id = await createTask(writer, name);
    if (seed.project !== undefined) await writer.tasks.move({ ids: [id], project_name: seed.project });
    if (seed.tags !== undefined) await writer.tasks.update({ task: id, tags: seed.tags });
    return id;
  },
  async open(f, count) {
    const { actions } = f.store.getState();
    actions.start();
    await f.until((s) => s.tasks.ids.length === count && !s.tasks.loading, `${count} tasks`);
    return actions;
  },
  requestMove: (a) => a.requestTaskMove(),
  requestTags: (a) => a.requestTaskTags(),
  toggleMark: (a) => a.toggleTaskMark(),
  async stored(writer, id) {
    const task = (await writer.tasks.getAllEx({ id: [id], only_fields: ['tags', 'project.name'] })).tasks[0];
    return { project: task?.project?.name ?? null, tags: task?.tags ?? [] };
  },
  moves: (f) => requestBodies(f, 'tasks.move'),
  listed: (s) => s.tasks,
};

const REPORTS: ListUnderTest = {
  list: 'reports',
  noun: 'report',
  create: (writer, name, seed) => createReport(writer, name, seed),
  open: openReports,
  requestMove: (a) => a.requestReportMove(),
  requestTags: (a) => a.requestReportTags(),
  toggleMark: (a) => a.toggleReportMark(),
  async stored(writer, id) {
    const report = await serverReport(writer, id);
    const name = report?.project?.name ?? null;
    return { project: name === null ? null : name.replace(/\/?\.reports$/, ''), tags: report?.tags ?? [] };
  },
  moves: (f) => requestBodies(f, 'reports.move'),
  listed: (s) => s.reports,
};

/** Every project the server holds, hidden ones too. */
async function projectNames(writer: ApiClient): Promise<string[]> {
  const { projects } = await writer.projects.getAllEx({ only_fields: ['name'], search_hidden: true });
  return projects.map((p) => p.name ?? '').sort();
}

function inputDialog(f: MonitorFixture) {
  const dialog = f.state().dialog;
  if (dialog?.kind !== 'input') throw new Error(`expected an input dialog, got ${JSON.stringify(dialog)}`);
  return dialog;
}

describe.each([TASKS, REPORTS])('the $list list: move and tags dialogs', (L) => {
  it('opens move with an empty field and the project now as the hint; Enter alone moves nothing', async () => {
    fx = await monitorFixture();
    const id = await L.create(fx.writer, 'resnet', { project: 'vision/resnet-sweeps' });
    const actions = await L.open(fx, 1);
    L.requestMove(actions);
    expect(inputDialog(fx)).toMatchObject({
      action: 'move',
      value: '',
      hint: 'now: vision/resnet-sweeps (Enter alone keeps it there)',
    });
    await actions.submitDialog();
    expect(fx.state().dialog).toBeNull();
    expect(fx.state().status).toMatchObject({ level: 'info', text: expect.stringMatching(/^nothing moved/) });
    expect(L.moves(fx)).toEqual([]);
    expect((await L.stored(fx.writer, id)).project).toBe('vision/resnet-sweeps');
  });

  it('narrows the existing project names as typed; Up/Down choose, Tab completes, a known name moves at once', async () => {
    fx = await monitorFixture();
    for (const name of ['alpha', 'research', 'team/research-b']) await fx.writer.projects.create({ name });
    const id = await L.create(fx.writer, 'wanderer', {});
    const actions = await L.open(fx, 1);
    L.requestMove(actions);
    await fx.until((s) => s[L.list].knownProjects.includes('team/research-b'), 'project names');
    expect(inputDialog(fx).suggestions).toEqual(expect.arrayContaining(['alpha', 'research', 'team/research-b']));
    actions.setDialogValue('rese');
    // Names starting with the text first, then those containing it.
    expect(inputDialog(fx)).toMatchObject({ suggestions: ['research', 'team/research-b'], cursor: -1 });
    actions.moveDialogCursor(1);
    actions.moveDialogCursor(1);
    expect(inputDialog(fx).cursor).toBe(1);
    actions.moveDialogCursor(-1);
    actions.completeDialog();
    expect(inputDialog(fx).value).toBe('research');
    actions.setDialogValue('team/');
    actions.completeDialog();
    expect(inputDialog(fx).value).toBe('team/research-b');
    const before = await projectNames(fx.writer);
    await actions.submitDialog();
    expect(fx.state().dialog).toBeNull();
    expect((await L.stored(fx.writer, id)).project).toBe('team/research-b');
    expect(fx.state().status).toMatchObject({ level: 'success', text: expect.stringMatching(/to team\/research-b$/) });
    expect((await projectNames(fx.writer)).filter((n) => !n.endsWith('.reports'))).toEqual(
      before.filter((n) => !n.endsWith('.reports')),
    );
  });

  it('Enter after choosing a suggestion with Down moves there', async () => {
    fx = await monitorFixture();
    await fx.writer.projects.create({ name: 'research' });
    const id = await L.create(fx.writer, 'wanderer', {});
    const actions = await L.open(fx, 1);
    L.requestMove(actions);
    await fx.until((s) => s[L.list].knownProjects.includes('research'), 'project names');
    actions.setDialogValue('rese');
    actions.moveDialogCursor(1);
    await actions.submitDialog();
    expect((await L.stored(fx.writer, id)).project).toBe('research');
  });

  it('asks before creating an unknown project, and no creates nothing and sends nothing', async () => {
    fx = await monitorFixture();
    const id = await L.create(fx.writer, 'resnet', { project: 'vision/resnet-sweeps' });
    const actions = await L.open(fx, 1);
    const before = await projectNames(fx.writer);
    L.requestMove(actions);
    actions.setDialogValue('triage/oom');
    await actions.submitDialog();
    expect(fx.state().dialog).toMatchObject({
      kind: 'confirm',
      action: 'move',
      title: 'Create project "triage/oom" and move "resnet" there?',
    });
    expect(actions.closeOverlay()).toBe(true);
    expect(L.moves(fx)).toEqual([]);
    expect(await projectNames(fx.writer)).toEqual(before);
    expect((await L.stored(fx.writer, id)).project).toBe('vision/resnet-sweeps');
  });

  it('yes creates the project and moves there', async () => {
    fx = await monitorFixture();
    const id = await L.create(fx.writer, 'resnet', { project: 'vision/resnet-sweeps' });
    const actions = await L.open(fx, 1);
    L.requestMove(actions);
    actions.setDialogValue('triage/oom');
    await actions.submitDialog();
    expect(fx.state().dialog).toMatchObject({ kind: 'confirm', value: 'triage/oom' });
    await actions.submitDialog();
    expect(fx.state().dialog).toBeNull();
    expect(await projectNames(fx.writer)).toContain('triage/oom');
    expect((await L.stored(fx.writer, id)).project).toBe('triage/oom');
    expect(L.listed(fx.state()).byId[id]?.project).toBe('triage/oom');
    expect(fx.state().status).toMatchObject({ level: 'success', text: 'moved "resnet" to triage/oom' });
  });

  it('opens tags empty with the tags now as the hint; a, b adds and -a removes; Enter alone sends nothing', async () => {
    fx = await monitorFixture();
    const id = await L.create(fx.writer, 'tagged', { tags: ['baseline', 'sota'] });
    const actions = await L.open(fx, 1);
    L.requestTags(actions);
    expect(inputDialog(fx)).toMatchObject({
      action: 'tags',
      value: '',
      hint: 'now: baseline, sota (Enter alone keeps them)',
      title: 'Tags of "tagged": "a, b" adds, "-a" removes:',
    });
    await actions.submitDialog();
    expect(fx.state().dialog).toBeNull();
    expect((await L.stored(fx.writer, id)).tags).toEqual(['baseline', 'sota']);
    L.requestTags(actions);
    actions.setDialogValue('urgent, best, -sota');
    await actions.submitDialog();
    expect((await L.stored(fx.writer, id)).tags).toEqual(['baseline', 'best', 'urgent']);
    expect(L.listed(fx.state()).byId[id]?.tags).toEqual(['baseline', 'best', 'urgent']);
  });

  it('marked items with different tags each keep their other tags', async () => {
    fx = await monitorFixture();
    const a = await L.create(fx.writer, 'first', { tags: ['a', 'x'] });
    const b = await L.create(fx.writer, 'second', { tags: ['b'] });
    const actions = await L.open(fx, 2);
    L.toggleMark(actions);
    actions.moveSelection(1);
    L.toggleMark(actions);
    L.requestTags(actions);
    expect(inputDialog(fx)).toMatchObject({
      value: '',
      title: `Tags for 2 ${L.noun}s: "a, b" adds, "-a" removes:`,
      hint: `now: a, b, x, not on every ${L.noun}: each keeps its own (Enter alone keeps them)`,
    });
    actions.setDialogValue('new, -x');
    await actions.submitDialog();
    expect((await L.stored(fx.writer, a)).tags).toEqual(['a', 'new']);
    expect((await L.stored(fx.writer, b)).tags).toEqual(['b', 'new']);
    expect(fx.state()[L.list].marked).toEqual([]);
  });
});

const KNOWN = [
  'alpha',
  'ab/ba',
  'bar/a',
  'Bear',
  'beta',
  'rabbit',
  'research',
  'team/alpha-b',
  'team/research',
  'zeta',
];

/** The suggestions for `value`, said independently: names starting with it, then containing it, at most 8. */
function expectedSuggestions(value: string): string[] {
  const q = value.trim().toLowerCase();
  const others = KNOWN.filter((p) => p !== value.trim());
  const starting = others.filter((p) => p.toLowerCase().startsWith(q));
  const containing = others.filter((p) => !p.toLowerCase().startsWith(q) && p.toLowerCase().includes(q));
  return [...starting, ...containing].slice(0, 8);
}

type Step = { type: string } | { key: 'up' | 'down' | 'tab' | 'backspace' };

const STEP: fc.Arbitrary<Step> = fc.oneof(
  fc.constantFrom('a', 'b', 'e', 'r', 't', '/', ' ').map((type) => ({ type })),
  fc.constantFrom('up', 'down', 'tab', 'backspace').map((key) => ({ key }) as Step),
);

describe.each(['tasks', 'reports'] as const)('the %s move dialog under random keys', (list) => {
  it('offers what the typed text narrows to, chooses only an offered name, and Enter takes the chosen one', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(STEP, { maxLength: 25 }), async (steps) => {
        const store = fixedStore();
        store.setState((st) => ({ [list]: { ...st[list], knownProjects: KNOWN } }));
        const { actions } = store.getState();
        if (list === 'tasks') actions.requestTaskMove();
        else actions.requestReportMove();
        const dialog = () => {
          const d = store.getState().dialog;
          if (d?.kind !== 'input') throw new Error('the move dialog closed');
          return d;
        };
        expect(dialog()).toMatchObject({ value: '', cursor: -1, suggestions: expectedSuggestions('') });
        for (const step of steps) {
          const before = dialog();
          if ('type' in step) actions.setDialogValue(before.value + step.type);
          else if (step.key === 'backspace') actions.setDialogValue(before.value.slice(0, -1));
          else if (step.key === 'tab') actions.completeDialog();
          else actions.moveDialogCursor(step.key === 'down' ? 1 : -1);
          const after = dialog();
          expect(after.suggestions).toEqual(expectedSuggestions(after.value));
          expect(after.cursor).toBeGreaterThanOrEqual(-1);
          expect(after.cursor).toBeLessThan(Math.max(1, after.suggestions.length));
          if ('type' in step || step.key === 'backspace') expect(after.cursor).toBe(-1);
          if ('key' in step && step.key === 'tab' && before.suggestions.length > 0)
            expect(after.value).toBe(before.suggestions[Math.max(0, before.cursor)]);
          if ('key' in step && (step.key === 'up' || step.key === 'down') && before.suggestions.length > 0)
            expect(after.cursor).toBeGreaterThanOrEqual(0);
        }
        const last = dialog();
        const chosen = last.cursor >= 0 ? last.suggestions[last.cursor] : undefined;
        // Enter: the chosen name (else what is typed) is the one looked up; this store has no
        // server, so the lookup fails and the dialog keeps that name with the reason.
        await actions.submitDialog();
        const submitted = (chosen ?? last.value).trim();
        if (submitted === '') expect(store.getState().dialog).toBeNull();
        else
          expect(dialog()).toMatchObject({
            value: chosen ?? last.value,
            error: expect.stringContaining(`could not check whether "${submitted}" exists`),
          });
      }),
      { numRuns: 60 },
    );
  });
});
