// Metric columns and the tag / project / user filters of the task list, against the embedded
// server through the real client: a column picked with `M` shows each task's last value, `o`
// sorts by it on the server (the order holds past the first page), the columns come back
// after a restart from the state file, and the pickers filter on the server.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addScalars,
  createTask,
  lastListRequest,
  monitorFixture,
  type MonitorFixture,
} from '../../helpers/store-fixture.js';
import { openStateFile } from '../../../src/config/state-file.js';
import { visibleOptions } from '../../../src/store/core/pickers.js';

let fx: MonitorFixture | undefined;
let dir: string | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function names(f: MonitorFixture): string[] {
  const t = f.state().tasks;
  return t.ids.map((id) => t.byId[id]?.name ?? '');
}

/** Highlights the picker option labelled `label` (typing narrows to it). */
function pick(f: MonitorFixture, label: string): void {
  const { actions } = f.store.getState();
  actions.setDialogValue(label);
  const dialog = f.state().dialog;
  if (dialog?.kind !== 'pick') throw new Error('no picker open');
  const at = visibleOptions(dialog).findIndex((o) => o.label === label);
  if (at < 0) throw new Error(`no option ${label}`);
  actions.moveDialogCursor(at - dialog.cursor);
}

describe('monitor store: metric columns', () => {
  it('adds val/acc as a column, sorts by it on the server past the first page, and remembers it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tracktop-state-'));
    const stateFile = openStateFile(join(dir, 'tracktop', 'state.json'));
    fx = await monitorFixture({ pageSize: 2, stateFile });
    const accs = [0.61, 0.93, 0.42, 0.88, 0.75];
    for (const [i, acc] of accs.entries()) {
      const id = await createTask(fx.writer, `run-${i}`);
      await addScalars(fx.writer, id, 'val', 'acc', [acc / 2, acc]);
      await addScalars(fx.writer, id, 'train', 'loss', [1 - acc]);
    }
    const { actions } = fx.store.getState();
    actions.start();
    await fx.until((s) => s.tasks.ids.length === 2 && !s.tasks.loading, 'first page');
    actions.requestMetricColumns();
    await fx.until((s) => s.dialog?.kind === 'pick' && !s.dialog.loading, 'metrics loaded');
    const dialog = fx.state().dialog;
    expect(dialog?.kind === 'pick' ? dialog.options.map((o) => o.label) : []).toEqual(['train/loss', 'val/acc']);
    pick(fx, 'val/acc');
    await actions.submitDialog();
    expect(fx.state().tasks.metricColumns).toMatchObject([{ metric: 'val', variant: 'acc' }]);
    expect(fx.state().status?.text).toBe('metric columns: val/acc');
    const saved = JSON.parse(readFileSync(stateFile.path, 'utf8')) as { metricColumns: unknown[] };
    expect(saved.metricColumns).toEqual(fx.state().tasks.metricColumns);

    // `o` cycles through the fixed fields, then the column: largest first, on the server.
    for (let i = 0; i < 5; i++) actions.cycleTaskSort();
    expect(fx.state().tasks.sort.field).toMatch(/^last_metrics\.[0-9a-f]{32}\.[0-9a-f]{32}\.value$/);
    // Largest val/acc first. More than the first page may be loaded by then (with the selection
    // near the end of 2 rows the list asks for the next page): whatever is, is in this order.
    const byAcc = ['run-1', 'run-3', 'run-4', 'run-0', 'run-2'];
    const firstPage = byAcc.slice(0, 2).join();
    await fx.until((s) => !s.tasks.loading && names(fx!).slice(0, 2).join() === firstPage, 'sorted first page');
    expect(names(fx)).toEqual(byAcc.slice(0, names(fx).length));
    const key = Object.keys(fx.state().tasks.byId[fx.state().tasks.ids[0] as string]?.lastMetrics ?? {})[0];
    expect(fx.state().tasks.byId[fx.state().tasks.ids[0] as string]?.lastMetrics[key as string]).toBe(0.93);
    const body = lastListRequest(fx);
    expect(body.order_by).toEqual([fx.state().tasks.sort.field.replace(/^/, '-'), '-last_update']);
    expect(body.only_fields).toContain(fx.state().tasks.sort.field);

    // A restart shows the column again, from the state file.
    const again = fx.renew({ pageSize: 2, stateFile: openStateFile(stateFile.path) });
    expect(again.getState().tasks.metricColumns).toEqual(saved.metricColumns);
  });

  it('refuses a fourth column, and Enter on a shown column removes it', async () => {
    fx = await monitorFixture();
    const id = await createTask(fx.writer, 'many');
    for (const metric of ['a', 'b', 'c', 'd']) await addScalars(fx.writer, id, metric, 'v', [1]);
    const { actions } = fx.store.getState();
    actions.start();
    await fx.until((s) => s.tasks.ids.length === 1, 'task');
    actions.requestMetricColumns();
    await fx.until((s) => s.dialog?.kind === 'pick' && !s.dialog.loading, 'metrics loaded');
    for (const label of ['a/v', 'b/v', 'c/v', 'd/v']) {
      pick(fx, label);
      actions.completeDialog();
    }
    await actions.submitDialog();
    const dialog = fx.state().dialog;
    expect(dialog?.kind === 'pick' ? dialog.error : null).toBe('at most 3 columns: Tab turns one off');
    actions.completeDialog();
    await actions.submitDialog();
    expect(fx.state().tasks.metricColumns.map((c) => c.metric)).toEqual(['a', 'b', 'c']);
    actions.requestMetricColumns();
    await fx.until((s) => s.dialog?.kind === 'pick' && !s.dialog.loading, 'metrics loaded again');
    pick(fx, 'b/v');
    await actions.submitDialog();
    expect(fx.state().tasks.metricColumns.map((c) => c.metric)).toEqual(['a', 'c']);
  });
});

describe('monitor store: task filters', () => {
  it('filters by tag, by project with its subprojects, and by user, on the server', async () => {
    fx = await monitorFixture();
    const { id: team } = await fx.writer.projects.create({ name: 'team' });
    const { id: sub } = await fx.writer.projects.create({ name: 'team/vision' });
    const { id: other } = await fx.writer.projects.create({ name: 'other' });
    const make = async (name: string, project: string, tags: string[]) => {
      const { id } = await fx!.writer.tasks.create({ name, type: 'training', project, tags });
      return id;
    };
    await make('in-team', team, ['best']);
    await make('in-sub', sub, []);
    await make('elsewhere', other, ['best']);
    const { actions } = fx.store.getState();
    actions.start();
    await fx.until((s) => s.tasks.ids.length === 3 && !s.tasks.loading, 'three tasks');

    actions.requestTaskTagFilter();
    await fx.until((s) => s.dialog?.kind === 'pick' && !s.dialog.loading, 'tags loaded');
    pick(fx, 'best');
    await actions.submitDialog();
    await fx.until((s) => s.tasks.ids.length === 2 && !s.tasks.loading, 'tag filter');
    expect(new Set(names(fx))).toEqual(new Set(['in-team', 'elsewhere']));
    actions.clearTaskFilters();

    actions.requestTaskProjectFilter();
    await fx.until((s) => s.dialog?.kind === 'pick' && !s.dialog.loading, 'projects loaded');
    const tree = fx.state().dialog;
    expect(tree?.kind === 'pick' ? tree.options.map((o) => [o.label, o.display, o.indent]) : []).toEqual([
      ['(all projects)', undefined, undefined],
      ['other', 'other', 0],
      ['team', 'team', 0],
      ['team/vision', 'vision', 1],
    ]);
    pick(fx, 'team');
    await actions.submitDialog();
    await fx.until((s) => s.tasks.ids.length === 2 && !s.tasks.loading, 'project filter');
    expect(new Set(names(fx))).toEqual(new Set(['in-team', 'in-sub']));
    expect(lastListRequest(fx)).toMatchObject({ project: [team], include_subprojects: true });
    actions.clearTaskFilters();
    await fx.until((s) => s.tasks.ids.length === 3 && !s.tasks.loading, 'cleared');

    actions.requestUserFilter();
    const users = fx.state().dialog;
    const userOption = users?.kind === 'pick' ? users.options[1] : undefined;
    expect(userOption?.label).toBeTruthy();
    pick(fx, userOption?.label ?? '');
    await actions.submitDialog();
    await fx.until((s) => s.tasks.filter.userId !== null && !s.tasks.loading, 'user filter');
    expect(fx.state().tasks.ids).toHaveLength(3);
    expect(lastListRequest(fx).user).toEqual([userOption?.value]);
  });
});
