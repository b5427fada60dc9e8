import { afterEach, describe, expect, it } from 'vitest';
import { visibleOptions } from '../../../src/store/core/pickers.js';
import type { DialogState, MonitorState } from '../../../src/store/types.js';
import { monitorFixture, type MonitorFixture } from '../../helpers/store-fixture.js';
import { createReport, openReports, serverReport } from '../../helpers/reports-fixture.js';

let fx: MonitorFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

type Pick = Extract<DialogState, { kind: 'pick' }>;

function pick(s: MonitorState): Pick {
  const dialog = s.dialog;
  if (dialog?.kind !== 'pick') throw new Error(`no picker open (dialog: ${dialog?.kind ?? 'none'})`);
  return dialog;
}

const labels = (s: MonitorState): string[] => visibleOptions(pick(s)).map((o) => o.label);
const listed = (s: MonitorState): string[] => s.reports.ids.map((id) => s.reports.byId[id]?.name ?? id).sort();
const lastListQuery = (f: MonitorFixture): Record<string, unknown> =>
  JSON.parse(f.proxy.calls.filter((c) => c.endpoint === 'reports.get_all_ex').at(-1)?.body ?? '{}') as Record<
    string,
    unknown
  >;

async function pickerLoaded(f: MonitorFixture): Promise<void> {
  await f.until((s) => s.dialog?.kind === 'pick' && !s.dialog.loading, 'picker options');
}

describe('report filters: tags picked from reports.get_tags', () => {
  it('offers every known tag, narrows as you type, and Enter includes the highlighted tag', async () => {
    fx = await monitorFixture();
    await createReport(fx.writer, 'alpha', { tags: ['vision', 'weekly'] });
    await createReport(fx.writer, 'beta', { tags: ['nlp'] });
    await createReport(fx.writer, 'gamma', { tags: ['vision', 'needs-review'] });
    const actions = await openReports(fx, 3);
    actions.requestReportTagFilter();
    await pickerLoaded(fx);
    expect(labels(fx.state())).toEqual(['needs-review', 'nlp', 'vision', 'weekly']);
    expect(pick(fx.state()).options.every((o) => o.state === 'off')).toBe(true);
    // Names starting with the text come first, then names containing it.
    actions.setDialogValue('vi');
    expect(labels(fx.state())).toEqual(['vision', 'needs-review']);
    await actions.submitDialog();
    expect(fx.state().dialog).toBeNull();
    expect(fx.state().reports.filter).toMatchObject({ tagsInclude: ['vision'], tagsExclude: [] });
    expect(fx.state().status).toMatchObject({ level: 'success', text: 'tag filter: any of vision' });
    await fx.until((s) => !s.reports.loading && s.reports.ids.length === 2, 'vision reports');
    expect(listed(fx.state())).toEqual(['alpha', 'gamma']);
    expect(lastListQuery(fx)).toMatchObject({ tags: ['vision'] });
  });

  it('Tab cycles the highlighted tag through include, exclude and off; both kinds combine', async () => {
    fx = await monitorFixture();
    await createReport(fx.writer, 'alpha', { tags: ['vision', 'weekly'] });
    await createReport(fx.writer, 'beta', { tags: ['nlp'] });
    await createReport(fx.writer, 'gamma', { tags: ['vision', 'draft'] });
    const actions = await openReports(fx, 3);
    actions.requestReportTagFilter();
    await pickerLoaded(fx);
    actions.setDialogValue('vis');
    actions.completeDialog();
    expect(pick(fx.state()).options.find((o) => o.value === 'vision')?.state).toBe('include');
    actions.setDialogValue('dr');
    actions.completeDialog();
    actions.completeDialog();
    expect(pick(fx.state()).options.find((o) => o.value === 'draft')?.state).toBe('exclude');
    actions.completeDialog();
    expect(pick(fx.state()).options.find((o) => o.value === 'draft')?.state).toBe('off');
    actions.completeDialog();
    actions.completeDialog();
    await actions.submitDialog();
    expect(fx.state().reports.filter).toMatchObject({ tagsInclude: ['vision'], tagsExclude: ['draft'] });
    await fx.until((s) => !s.reports.loading && s.reports.ids.length === 1, 'vision but not draft');
    expect(listed(fx.state())).toEqual(['alpha']);
    // Opening the picker again shows the applied filter.
    actions.requestReportTagFilter();
    await pickerLoaded(fx);
    const states = Object.fromEntries(pick(fx.state()).options.map((o) => [o.value, o.state]));
    expect(states).toEqual({ draft: 'exclude', nlp: 'off', vision: 'include', weekly: 'off' });
  });

  it('moves the highlight with the cursor and keeps it on the same tag when the options arrive', async () => {
    fx = await monitorFixture();
    await createReport(fx.writer, 'alpha', { tags: ['a-tag', 'b-tag', 'c-tag'] });
    const actions = await openReports(fx, 1);
    await fx.until((s) => s.reports.knownTags.length === 3, 'known tags');
    actions.requestReportTagFilter();
    actions.moveDialogCursor(2);
    actions.moveDialogCursor(5);
    expect(pick(fx.state()).cursor).toBe(2);
    await pickerLoaded(fx);
    expect(visibleOptions(pick(fx.state()))[pick(fx.state()).cursor]?.value).toBe('c-tag');
    actions.moveDialogCursor(-1);
    actions.completeDialog();
    await actions.submitDialog();
    expect(fx.state().reports.filter.tagsInclude).toEqual(['b-tag']);
  });

  it('refuses a typed tag that matches none, keeping the text and saying why', async () => {
    fx = await monitorFixture();
    await createReport(fx.writer, 'alpha', { tags: ['vision'] });
    const actions = await openReports(fx, 1);
    actions.requestReportTagFilter();
    await pickerLoaded(fx);
    actions.setDialogValue('zzz');
    await actions.submitDialog();
    expect(pick(fx.state())).toMatchObject({ query: 'zzz', error: expect.stringMatching(/no tag matches "zzz"/) });
    expect(fx.state().reports.filter.tagsInclude).toEqual([]);
  });
});

describe('report filters: project, status, clearing', () => {
  it('offers the projects that hold reports by name and shows only the chosen one', async () => {
    fx = await monitorFixture();
    await fx.writer.projects.create({ name: 'no-reports-here' });
    await createReport(fx.writer, 'in a', { project: 'team-a' });
    await createReport(fx.writer, 'in b', { project: 'team-b' });
    await createReport(fx.writer, 'nowhere');
    const actions = await openReports(fx, 3);
    actions.requestReportProjectFilter();
    // Known at once from the listed reports, before the server answers.
    expect(labels(fx.state())).toEqual(['(all projects)', '(no project)', 'team-a', 'team-b']);
    await pickerLoaded(fx);
    expect(labels(fx.state())).toEqual(['(all projects)', '(no project)', 'team-a', 'team-b']);
    expect(visibleOptions(pick(fx.state()))[pick(fx.state()).cursor]?.label).toBe('(all projects)');
    actions.setDialogValue('b');
    expect(labels(fx.state())).toEqual(['team-b']);
    await actions.submitDialog();
    expect(fx.state().reports.filter).toMatchObject({ projectName: 'team-b', projectId: expect.any(String) });
    expect(fx.state().status?.text).toBe('project filter: team-b');
    await fx.until((s) => !s.reports.loading && s.reports.ids.length === 1, 'team-b reports');
    expect(listed(fx.state())).toEqual(['in b']);
    expect(lastListQuery(fx)).toMatchObject({ project: [fx.state().reports.filter.projectId] });

    actions.requestReportProjectFilter();
    await pickerLoaded(fx);
    expect(visibleOptions(pick(fx.state()))[pick(fx.state()).cursor]?.label).toBe('team-b');
    actions.moveDialogCursor(-2);
    await actions.submitDialog();
    expect(fx.state().reports.filter).toMatchObject({ projectId: expect.any(String), projectName: null });
    await fx.until((s) => !s.reports.loading && listed(s).join() === 'nowhere', 'the report in no project');
  });

  it('keeps a moved report listed when it stays in the filtered project and drops it when it leaves', async () => {
    fx = await monitorFixture();
    const id = await createReport(fx.writer, 'mover', { project: 'team-a' });
    const actions = await openReports(fx, 1);
    actions.requestReportProjectFilter();
    actions.setDialogValue('team-a');
    await actions.submitDialog();
    await fx.until((s) => !s.reports.loading && s.reports.ids.length === 1, 'team-a list');
    actions.requestReportMove();
    actions.setDialogValue('team-a');
    await actions.submitDialog();
    expect(fx.state().reports.ids).toEqual([id]);
    actions.requestReportMove();
    actions.setDialogValue('team-z');
    // A project no one has made yet is asked about first.
    await actions.submitDialog();
    expect(fx.state().dialog).toMatchObject({ kind: 'confirm', value: 'team-z' });
    const moving = actions.submitDialog();
    expect(fx.state().reports.ids).toEqual([]);
    await moving;
    expect((await serverReport(fx.writer, id))?.project).toMatchObject({ name: 'team-z/.reports' });
  });

  it('shows drafts or published reports only with the status filter', async () => {
    fx = await monitorFixture();
    const published = await createReport(fx.writer, 'done');
    await fx.writer.reports.publish({ task: published });
    await createReport(fx.writer, 'draft one');
    const actions = await openReports(fx, 2);
    actions.setStatusFilter('reports', ['published']);
    await fx.until((s) => !s.reports.loading && s.reports.ids.length === 1, 'published only');
    expect(listed(fx.state())).toEqual(['done']);
    actions.setStatusFilter('reports', ['created']);
    await fx.until((s) => !s.reports.loading && listed(s).join() === 'draft one', 'drafts only');
  });

  it('clears the text, tag, status and project filters at once', async () => {
    fx = await monitorFixture();
    await createReport(fx.writer, 'alpha', { tags: ['x'], project: 'p' });
    await createReport(fx.writer, 'beta');
    const actions = await openReports(fx, 2);
    actions.setFilter('reports', 'alp');
    actions.setReportTagFilter(['x'], []);
    actions.setStatusFilter('reports', ['created']);
    const project =
      fx.state().reports.byId[fx.state().reports.ids.find((id) => fx?.state().reports.byId[id]?.name === 'alpha') ?? '']
        ?.projectId ?? null;
    actions.setReportProjectFilter(project === null ? null : { id: project, name: 'p' });
    await fx.until((s) => !s.reports.loading && s.reports.ids.length === 1, 'filtered');
    actions.clearReportFilters();
    expect(fx.state().ui.filters.reports).toBe('');
    expect(fx.state().reports.filter).toEqual({
      tagsInclude: [],
      tagsExclude: [],
      status: [],
      projectId: null,
      projectName: null,
    });
    await fx.until((s) => !s.reports.loading && s.reports.ids.length === 2, 'everything');
  });

  it('filters in read-only mode, where every change to reports is refused', async () => {
    fx = await monitorFixture({ readOnly: true });
    await createReport(fx.writer, 'alpha', { tags: ['keep'] });
    await createReport(fx.writer, 'beta');
    const actions = await openReports(fx, 2);
    actions.requestReportTagFilter();
    await pickerLoaded(fx);
    actions.setDialogValue('keep');
    await actions.submitDialog();
    await fx.until((s) => !s.reports.loading && s.reports.ids.length === 1, 'tag filter in read-only mode');
    actions.requestReportProjectFilter();
    expect(fx.state().dialog?.kind).toBe('pick');
    expect(fx.proxy.endpoints().filter((e) => !e.startsWith('reports.get_') && !e.startsWith('projects.get_'))).toEqual(
      [],
    );
  });
});
