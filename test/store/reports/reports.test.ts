import { afterEach, describe, expect, it } from 'vitest';
import { monitorFixture, type MonitorFixture } from '../../helpers/store-fixture.js';
import { createReport, openReports, serverReport } from '../../helpers/reports-fixture.js';

let fx: MonitorFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

describe('monitor store: reports list', () => {
  it('lists reports newest first with body, project and tags, and the known tags', async () => {
    fx = await monitorFixture();
    const first = await createReport(fx.writer, 'first report', { tags: ['q1'], body: '# Hello', project: 'team' });
    const second = await createReport(fx.writer, 'second report', { tags: ['q2'] });
    await openReports(fx, 2);
    const s = fx.state();
    expect(s.reports.ids).toEqual([second, first]);
    expect(s.reports.selectedId).toBe(second);
    expect(s.reports.byId[first]).toMatchObject({
      name: 'first report',
      body: '# Hello',
      project: 'team',
      tags: ['q1'],
      status: 'created',
    });
    await fx.until((st) => st.reports.knownTags.length === 2, 'known tags');
    expect(fx.state().reports.knownTags).toEqual(['q1', 'q2']);
    const body = JSON.parse(fx.proxy.calls.find((c) => c.endpoint === 'reports.get_all_ex')?.body ?? '{}');
    expect(body).toMatchObject({ order_by: ['-last_update'], system_tags: ['-archived'], size: expect.any(Number) });
  });

  it('filters by text over name, comment, tags and body, and by tags to include or exclude', async () => {
    fx = await monitorFixture();
    const a = await createReport(fx.writer, 'alpha', { tags: ['vision'], body: 'quarterly numbers' });
    const b = await createReport(fx.writer, 'beta', { tags: ['nlp'], comment: 'QUARTERLY too' });
    const c = await createReport(fx.writer, 'gamma', { tags: ['vision', 'draft'] });
    const actions = await openReports(fx, 3);
    actions.setFilter('reports', 'quarterly');
    await fx.until((s) => s.reports.ids.length === 2 && !s.reports.loading, 'text filter');
    expect(new Set(fx.state().reports.ids)).toEqual(new Set([a, b]));
    actions.clearFilter('reports');
    actions.setReportTagFilter(['vision'], []);
    await fx.until((s) => s.reports.ids.length === 2 && !s.reports.loading, 'tag include');
    expect(new Set(fx.state().reports.ids)).toEqual(new Set([a, c]));
    actions.setReportTagFilter(['vision'], ['draft']);
    await fx.until((s) => s.reports.ids.length === 1 && !s.reports.loading, 'tag exclude');
    expect(fx.state().reports.ids).toEqual([a]);
  });
});

describe('monitor store: report triage', () => {
  it('archives at once, hiding the report, and undo brings it back', async () => {
    fx = await monitorFixture();
    const keep = await createReport(fx.writer, 'keep me');
    const stale = await createReport(fx.writer, 'stale one');
    const actions = await openReports(fx, 2);
    expect(fx.state().reports.selectedId).toBe(stale);
    const archiving = actions.archiveReports();
    // Optimistic: gone from the list before the server has answered.
    expect(fx.state().reports.ids).toEqual([keep]);
    await archiving;
    expect((await serverReport(fx.writer, stale))?.system_tags).toContain('archived');
    expect(fx.state().status?.text).toMatch(/archived "stale one".*u to undo/);
    expect(fx.state().reports.undo).toEqual({ action: 'archive', ids: [stale] });
    await actions.undoReportArchive();
    expect(fx.state().reports.ids).toEqual([stale, keep]);
    expect((await serverReport(fx.writer, stale))?.system_tags ?? []).not.toContain('archived');
    expect(fx.state().reports.undo).toBeNull();
  });

  it('publishes after confirmation that names what will change', async () => {
    fx = await monitorFixture();
    const id = await createReport(fx.writer, 'to publish');
    const actions = await openReports(fx, 1);
    actions.requestPublish();
    const dialog = fx.state().dialog;
    expect(fx.state().dialog).not.toBeNull();
    expect(dialog).toMatchObject({ kind: 'confirm', action: 'publish', ids: [id] });
    expect(dialog?.kind === 'confirm' && dialog.lines.join('\n')).toMatch(/"to publish"[\s\S]*can no longer be edited/);
    await actions.submitDialog();
    expect(fx.state().dialog).toBeNull();
    expect(fx.state().reports.byId[id]?.status).toBe('published');
    expect((await serverReport(fx.writer, id))?.status).toBe('published');
  });

  it('cancelling a confirmation changes nothing', async () => {
    fx = await monitorFixture();
    const id = await createReport(fx.writer, 'untouched');
    const actions = await openReports(fx, 1);
    actions.requestReportDelete();
    expect(actions.closeOverlay()).toBe(true);
    expect(fx.state().dialog).toBeNull();
    expect(await serverReport(fx.writer, id)).toBeDefined();
  });

  it('moves to a project by name, offering existing names, creating a new one', async () => {
    fx = await monitorFixture();
    await fx.writer.projects.create({ name: 'research' });
    const id = await createReport(fx.writer, 'wanderer');
    const actions = await openReports(fx, 1);
    actions.requestReportMove();
    await fx.until((s) => s.reports.knownProjects.includes('research'), 'project names');
    actions.setDialogValue('res');
    const dialog = fx.state().dialog;
    expect(dialog?.kind === 'input' && dialog.suggestions).toEqual(['research']);
    actions.setDialogValue('brand-new');
    await actions.submitDialog();
    expect(fx.state().dialog).toMatchObject({ kind: 'confirm', action: 'move', value: 'brand-new' });
    await actions.submitDialog();
    expect(fx.state().reports.byId[id]?.project).toBe('brand-new');
    expect((await serverReport(fx.writer, id))?.project).toMatchObject({ name: 'brand-new/.reports' });
    expect(fx.state().status).toMatchObject({ level: 'success' });
  });

  it('deleting a report that is not archived asks again before forcing', async () => {
    fx = await monitorFixture();
    const id = await createReport(fx.writer, 'doomed');
    const actions = await openReports(fx, 1);
    actions.requestReportDelete();
    await actions.submitDialog();
    expect(fx.state().dialog).toMatchObject({ kind: 'confirm', action: 'delete', force: true });
    await actions.submitDialog();
    expect(fx.state().reports.ids).toEqual([]);
    expect(await serverReport(fx.writer, id)).toBeUndefined();
    const force = fx.proxy.calls.filter((c) => c.endpoint === 'reports.delete').map((c) => JSON.parse(c.body));
    expect(force).toHaveLength(1);
    expect(force[0]).toMatchObject({ task: id, force: true });
  });

  it('acts on every marked report in one bulk action', async () => {
    fx = await monitorFixture();
    await createReport(fx.writer, 'bulk a');
    await createReport(fx.writer, 'bulk b');
    await createReport(fx.writer, 'bulk c');
    const actions = await openReports(fx, 3);
    // Reports written in the same millisecond tie on last_update: take the order as listed.
    const [c, b, a] = fx.state().reports.ids as [string, string, string];
    actions.toggleReportMark();
    actions.moveSelection(2);
    actions.toggleReportMark();
    expect(new Set(fx.state().reports.marked)).toEqual(new Set([c, a]));
    actions.requestReportTags();
    actions.setDialogValue('shared, ');
    await actions.submitDialog();
    expect((await serverReport(fx.writer, a))?.tags).toEqual(['shared']);
    expect((await serverReport(fx.writer, c))?.tags).toEqual(['shared']);
    expect((await serverReport(fx.writer, b))?.tags ?? []).toEqual([]);
    expect(fx.state().reports.marked).toEqual([]);
  });

  it('refuses short and duplicate names and keeps what was typed', async () => {
    fx = await monitorFixture();
    await createReport(fx.writer, 'taken name');
    const id = await createReport(fx.writer, 'old name');
    const actions = await openReports(fx, 2);
    actions.requestReportRename();
    actions.setDialogValue('ab');
    await actions.submitDialog();
    expect(fx.state().dialog).toMatchObject({
      kind: 'input',
      value: 'ab',
      error: expect.stringMatching(/at least 3/),
    });
    actions.setDialogValue('taken name');
    await actions.submitDialog();
    expect(fx.state().dialog).toMatchObject({ value: 'taken name', error: expect.stringMatching(/already exists/) });
    actions.setDialogValue('new name');
    await actions.submitDialog();
    expect(fx.state().dialog).toBeNull();
    expect((await serverReport(fx.writer, id))?.name).toBe('new name');
  });

  it('rolls back and explains when the server refuses (report deleted meanwhile)', async () => {
    fx = await monitorFixture();
    const id = await createReport(fx.writer, 'vanishing');
    const actions = await openReports(fx, 1);
    fx.store.getState().actions.stop();
    await fx.writer.reports.delete({ task: id, force: true });
    actions.requestComment();
    actions.setDialogValue('a comment');
    await actions.submitDialog();
    const s = fx.state();
    expect(s.reports.byId[id]?.comment).toBe('');
    expect(s.status).toMatchObject({ level: 'error', text: expect.stringMatching(/no longer exists/) });
    expect(s.dialog).toMatchObject({ kind: 'input', value: 'a comment', error: expect.any(String) });
  });

  it('in a bulk action, keeps what the server did, rolls back what it refused and says what to do', async () => {
    fx = await monitorFixture();
    await createReport(fx.writer, 'bulk one');
    await createReport(fx.writer, 'bulk two');
    const actions = await openReports(fx, 2);
    const [first, second] = fx.state().reports.ids as [string, string];
    actions.toggleReportMark();
    actions.moveSelection(1);
    actions.toggleReportMark();
    fx.store.getState().actions.stop();
    await fx.writer.reports.delete({ task: second, force: true });
    actions.setView('reports');
    actions.toggleArchived();
    // Archiving several at once asks first, naming each of them.
    await actions.archiveReports();
    const dialog = fx.state().dialog;
    expect(dialog).toMatchObject({ kind: 'confirm', action: 'archive', title: 'Archive 2 reports?' });
    expect(dialog?.kind === 'confirm' ? dialog.lines.join('\n') : '').toContain('bulk one');
    expect(dialog?.kind === 'confirm' ? dialog.lines.join('\n') : '').toContain('bulk two');
    expect(fx.state().reports.ids.map((id) => fx?.state().reports.byId[id]?.archived)).toEqual([false, false]);
    const archiving = actions.submitDialog();
    // Both change at once on screen (archived ones are shown here, marked as archived).
    expect(fx.state().reports.ids.map((id) => fx?.state().reports.byId[id]?.archived)).toEqual([true, true]);
    await archiving;
    const s = fx.state();
    expect(s.reports.byId[first]?.archived).toBe(true);
    expect(s.reports.byId[second]?.archived).toBe(false);
    expect((await serverReport(fx.writer, first))?.system_tags).toContain('archived');
    expect(s.status).toMatchObject({ level: 'error' });
    const name = (id: string) => s.reports.byId[id]?.name ?? id;
    expect(s.status?.text).toContain(
      `archived "${name(first)}"; could not change "${name(second)}": it no longer exists (deleted by someone else?)`,
    );
    expect(s.reports.undo).toEqual({ action: 'archive', ids: [first] });
  });

  it('creates a report in a project by name and selects it', async () => {
    fx = await monitorFixture();
    await createReport(fx.writer, 'existing');
    const actions = await openReports(fx, 1);
    actions.requestCreate();
    actions.setDialogValue('Fresh report');
    await actions.submitDialog();
    expect(fx.state().dialog).toMatchObject({ field: 'project' });
    actions.setDialogValue('lab');
    await actions.submitDialog();
    expect(fx.state().dialog).toMatchObject({ field: 'tags' });
    actions.setDialogValue('new, shiny');
    await actions.submitDialog();
    await fx.until(
      (s) => s.reports.ids.length === 2 && s.reports.byId[s.reports.selectedId ?? '']?.name === 'Fresh report',
      'selected',
    );
    const created = fx.state().reports.byId[fx.state().reports.selectedId ?? ''];
    expect(created).toMatchObject({ project: 'lab', tags: ['new', 'shiny'] });
  });

  it('edits the body of a draft and refuses a published one', async () => {
    fx = await monitorFixture();
    const id = await createReport(fx.writer, 'draft body', { body: 'old' });
    const actions = await openReports(fx, 1);
    expect(actions.beginEditBody()).toEqual({ id, body: 'old' });
    await actions.saveBody(id, 'new body');
    expect((await serverReport(fx.writer, id))?.report).toBe('new body');
    await fx.writer.reports.publish({ task: id });
    await fx.until((s) => s.reports.byId[id]?.status === 'published', 'published seen');
    expect(actions.beginEditBody()).toBeNull();
    expect(fx.state().status?.text).toMatch(/published/);
  });

  it('read-only mode refuses every action', async () => {
    fx = await monitorFixture({ readOnly: true });
    const id = await createReport(fx.writer, 'protected');
    const actions = await openReports(fx, 1);
    await actions.archiveReports();
    actions.requestReportDelete();
    expect(fx.state().dialog).toBeNull();
    expect(fx.state().status?.text).toMatch(/read-only/);
    expect((await serverReport(fx.writer, id))?.system_tags ?? []).not.toContain('archived');
    expect(fx.proxy.endpoints().filter((e) => !e.startsWith('reports.get_'))).toEqual([]);
  });
});

describe('monitor store: report details scrolling', () => {
  it('reaches the last rendered line of a body whose lines wrap, and no further', async () => {
    fx = await monitorFixture();
    // Three source lines that wrap into many in a narrow pane.
    await createReport(fx.writer, 'long lines', { body: `${'word '.repeat(200)}\n\n${'more '.repeat(200)}` });
    const actions = await openReports(fx, 1);
    actions.focusPane('details');
    actions.setPaneRows('details', 10);
    actions.setDetailsLineCount(60);
    actions.toBottom();
    expect(fx.state().reports.detailsTop).toBe(50);
    actions.moveSelection(1);
    actions.page(1);
    expect(fx.state().reports.detailsTop).toBe(50);
    actions.moveSelection(-1);
    expect(fx.state().reports.detailsTop).toBe(49);
    // A wider pane draws fewer lines: the last one stays at the bottom.
    actions.setDetailsLineCount(30);
    expect(fx.state().reports.detailsTop).toBe(20);
    actions.toTop();
    actions.page(1);
    expect(fx.state().reports.detailsTop).toBe(9);
  });
});
