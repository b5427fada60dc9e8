// Task triage from the store, against the embedded server through the real client: the report
// keys' actions act on tasks in the Tasks view (archive with undo, tags, move, rename, delete
// with a forced second step, abort), over the marked tasks, and nothing under --read-only.
import { afterEach, describe, expect, it } from 'vitest';
import { createTask, monitorFixture, requestBodies, type MonitorFixture } from '../../helpers/store-fixture.js';
import type { ApiClient } from '../../../src/api/index.js';
import { FORCE_MEANING } from '../../../src/store/tasks/triage.js';

let fx: MonitorFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

async function serverTask(writer: ApiClient, id: string) {
  const answer = await writer.tasks.getAllEx({
    id: [id],
    only_fields: ['name', 'status', 'tags', 'system_tags', 'project.name'],
  });
  return answer.tasks[0];
}

async function open(f: MonitorFixture, count: number) {
  const { actions } = f.store.getState();
  actions.start();
  await f.until((s) => s.tasks.ids.length === count && !s.tasks.loading, `${count} tasks`);
  return actions;
}

describe('monitor store: task triage', () => {
  it('archives the selected task at once, hiding it, and undo brings it back', async () => {
    fx = await monitorFixture();
    const keep = await createTask(fx.writer, 'keep');
    const stale = await createTask(fx.writer, 'stale');
    const actions = await open(fx, 2);
    actions.moveSelection(fx.state().tasks.ids.indexOf(stale) - fx.state().tasks.selectedIndex);
    const archiving = actions.archiveTasks();
    expect(fx.state().tasks.ids).toEqual([keep]);
    await archiving;
    expect((await serverTask(fx.writer, stale))?.system_tags).toContain('archived');
    expect(requestBodies(fx, 'tasks.archive_many')).toEqual([{ ids: [stale] }]);
    expect(fx.state().status?.text).toMatch(/archived "stale".*u to undo/);
    expect(fx.state().tasks.undo).toEqual({ action: 'archive', ids: [stale] });
    await actions.undoTaskArchive();
    expect(new Set(fx.state().tasks.ids)).toEqual(new Set([keep, stale]));
    expect((await serverTask(fx.writer, stale))?.system_tags ?? []).not.toContain('archived');
    expect(requestBodies(fx, 'tasks.unarchive_many')).toEqual([{ ids: [stale] }]);
  });

  it('archives every marked task in one request after naming them', async () => {
    fx = await monitorFixture();
    const ids = [
      await createTask(fx.writer, 'm1'),
      await createTask(fx.writer, 'm2'),
      await createTask(fx.writer, 'm3'),
    ];
    const actions = await open(fx, 3);
    actions.toggleTaskMark();
    actions.moveSelection(2);
    actions.toggleTaskMark();
    const marked = [...fx.state().tasks.marked];
    await actions.archiveTasks();
    expect(fx.state().dialog).toMatchObject({ kind: 'confirm', action: 'archive', title: 'Archive 2 tasks?' });
    await actions.submitDialog();
    expect(requestBodies(fx, 'tasks.archive_many')).toHaveLength(1);
    expect(new Set(requestBodies(fx, 'tasks.archive_many')[0]?.ids as string[])).toEqual(new Set(marked));
    expect(fx.state().tasks.ids).toEqual(ids.filter((id) => !marked.includes(id)));
    expect(fx.state().tasks.marked).toEqual([]);
  });

  it('aborts a running task after asking, and shows it stopped', async () => {
    fx = await monitorFixture();
    const id = await createTask(fx.writer, 'long-run');
    const actions = await open(fx, 1);
    actions.requestAbort();
    const dialog = fx.state().dialog;
    expect(dialog).toMatchObject({ kind: 'confirm', action: 'abort', title: 'Abort "long-run"?' });
    expect(dialog?.kind === 'confirm' ? dialog.lines.join('\n') : '').toMatch(/stopped/);
    const aborting = actions.submitDialog();
    await aborting;
    expect(fx.state().tasks.byId[id]?.status).toBe('stopped');
    expect((await serverTask(fx.writer, id))?.status).toBe('stopped');
    expect(requestBodies(fx, 'tasks.stop_many')).toEqual([{ ids: [id] }]);
    expect(fx.state().status?.text).toBe('aborted "long-run"');
    // A task that is not running is not offered.
    actions.requestAbort();
    expect(fx.state().dialog).toBeNull();
    expect(fx.state().status?.text).toBe('only a running task can be aborted: "long-run" is stopped');
  });

  it('deletes after asking, and asks again, saying what force means, for a task neither draft nor archived', async () => {
    fx = await monitorFixture();
    const id = await createTask(fx.writer, 'doomed');
    const actions = await open(fx, 1);
    actions.requestTaskDelete();
    expect(fx.state().dialog).toMatchObject({ kind: 'confirm', action: 'delete' });
    await actions.submitDialog();
    const second = fx.state().dialog;
    expect(second).toMatchObject({ kind: 'confirm', action: 'delete', force: true });
    expect(second?.kind === 'confirm' ? second.lines : []).toContain(FORCE_MEANING);
    expect(requestBodies(fx, 'tasks.delete_many')).toEqual([]);
    await actions.submitDialog();
    expect(fx.state().tasks.ids).toEqual([]);
    expect(await serverTask(fx.writer, id)).toBeUndefined();
    expect(requestBodies(fx, 'tasks.delete_many')).toEqual([{ ids: [id], force: true }]);
  });

  it('tags, renames and moves tasks, keeping what the server did', async () => {
    fx = await monitorFixture();
    const a = await createTask(fx.writer, 'alpha');
    const b = await createTask(fx.writer, 'beta');
    const actions = await open(fx, 2);
    actions.toggleTaskMark();
    actions.moveSelection(1);
    actions.toggleTaskMark();
    actions.requestTaskTags();
    actions.setDialogValue('best, ');
    await actions.submitDialog();
    expect((await serverTask(fx.writer, a))?.tags).toEqual(['best']);
    expect((await serverTask(fx.writer, b))?.tags).toEqual(['best']);
    const selected = fx.state().tasks.selectedId as string;
    actions.requestTaskRename();
    actions.setDialogValue('renamed');
    await actions.submitDialog();
    expect((await serverTask(fx.writer, selected))?.name).toBe('renamed');
    actions.requestTaskMove();
    actions.setDialogValue('team/vision');
    await actions.submitDialog();
    expect(fx.state().dialog).toMatchObject({
      kind: 'confirm',
      title: 'Create project "team/vision" and move "renamed" there?',
    });
    await actions.submitDialog();
    expect((await serverTask(fx.writer, selected))?.project).toMatchObject({ name: 'team/vision' });
    expect(fx.state().tasks.byId[selected]?.project).toBe('team/vision');
    expect(fx.state().status?.text).toBe('moved "renamed" to team/vision');
  });

  it('rolls back and explains when the server refuses one of several', async () => {
    fx = await monitorFixture();
    const a = await createTask(fx.writer, 'gone');
    const b = await createTask(fx.writer, 'stays');
    const actions = await open(fx, 2);
    actions.toggleTaskMark();
    actions.moveSelection(1);
    actions.toggleTaskMark();
    // Someone else deletes one of them meanwhile.
    await fx.writer.tasks.deleteMany({ ids: [a], force: true });
    await actions.archiveTasks();
    await actions.submitDialog();
    expect(fx.state().status?.text).toMatch(
      /^archived "stays"; could not change "gone": it no longer exists .*the list is refreshed/,
    );
    expect((await serverTask(fx.writer, b))?.system_tags).toContain('archived');
  });

  it('refuses every change in read-only mode and sends nothing', async () => {
    fx = await monitorFixture({ readOnly: true });
    await createTask(fx.writer, 'protected');
    const actions = await open(fx, 1);
    for (const act of [
      () => actions.archiveTasks(),
      () => actions.requestAbort(),
      () => actions.requestTaskDelete(),
      () => actions.requestTaskTags(),
      () => actions.requestTaskMove(),
      () => actions.requestTaskRename(),
    ]) {
      await act();
      expect(fx.state().dialog).toBeNull();
      expect(fx.state().status?.text).toMatch(/read-only mode: tasks cannot be changed/);
    }
    const writes = fx.proxy.endpoints().filter((e) => /^tasks\.(archive|unarchive|stop|delete|move|update)/.test(e));
    expect(writes).toEqual([]);
  });
});
