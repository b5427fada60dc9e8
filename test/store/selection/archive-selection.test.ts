// What the detail panes show after the selected task leaves the list (archive, bulk archive,
// delete): the panes follow the list's highlight at once, the keys act on the task they show,
// nothing shown stays "loading", and no pane keeps a task that is gone. Keys go through the key
// router against the embedded server (model-driver.ts); the store is read through
// model-observe.ts only.
import { afterEach, describe, expect, it } from 'vitest';
import { openDriver, type Driver } from '../../helpers/model-driver.js';
import {
  DETAIL_PANES,
  framePane,
  listedTasks,
  loadingPanes,
  openDialog,
  paneTasks,
  paneWords,
  selectedTask,
  shownPanes,
  undoOffer,
  type DetailPane,
} from '../../helpers/model-observe.js';
import { renderMonitor, type MonitorRender } from '../../helpers/ui-fixture.js';
import { waitFor } from '../../helpers/timers.js';

const FRUIT = ['tr-apple', 'tr-kiwi', 'tr-lime', 'tr-mango', 'tr-pear'];

let d: Driver | undefined;
let view: MonitorRender | undefined;
afterEach(async () => {
  view?.unmount();
  view = undefined;
  await d?.close();
  d = undefined;
});

/** Task names, for messages that say which task each pane shows. */
function named(drv: Driver, id: string | null): string {
  return id === null ? '(none)' : (drv.names[id] ?? id);
}

/** Which task (by name) each detail pane shows. */
function paneNames(drv: Driver): Record<DetailPane, string> {
  const panes = paneTasks(drv.state());
  return Object.fromEntries(DETAIL_PANES.map((p) => [p, named(drv, panes[p])])) as Record<DetailPane, string>;
}

/** Every pane showing the selected task, by name. */
function allShowing(name: string): Record<DetailPane, string> {
  return Object.fromEntries(DETAIL_PANES.map((p) => [p, name])) as Record<DetailPane, string>;
}

/** The task names whose data (series variants, log lines, run-info name) a pane draws. */
function dataOwners(words: readonly string[]): string[] {
  return [...new Set(FRUIT.filter((name) => words.some((w) => w === name || w.startsWith(`${name} `))))];
}

/** Selects `name` in the list (the run info pane shown below it) and waits for its detail. */
async function select(drv: Driver, name: string): Promise<void> {
  const at = listedTasks(drv.state()).indexOf(drv.ids[name] as string);
  drv.press('g', ...Array<'j'>(at).fill('j'));
  await drv.settle();
  expect(named(drv, selectedTask(drv.state()))).toBe(name);
}

describe('the detail panes follow the selection when the selected task leaves the list', () => {
  it('archiving the selected task moves every detail pane to the newly highlighted task at once', async () => {
    d = await openDriver({ tasks: FRUIT });
    d.press('9', '1');
    await select(d, 'tr-mango');
    d.press('a');
    const highlighted = named(d, selectedTask(d.state()));
    expect(highlighted).not.toBe('tr-mango');
    // The same state the frame is drawn from: no pane may still show the archived task.
    expect(paneNames(d), `after archiving tr-mango the list highlights ${highlighted}`).toEqual(
      allShowing(highlighted),
    );
    await d.settle();
    expect(paneNames(d), 'once the store settled').toEqual(allShowing(highlighted));
    const words = paneWords(d.state());
    expect(dataOwners(words.runinfo), 'run info shows the data of').toEqual([highlighted]);
    expect(dataOwners(words.scalars), 'scalars show the series of').toEqual([highlighted]);
  });

  it('R after an archive offers to rename the task the panes show', async () => {
    d = await openDriver({ tasks: FRUIT });
    d.press('9', '1');
    await select(d, 'tr-mango');
    d.press('a');
    await d.settle();
    const shown = dataOwners(paneWords(d.state()).runinfo);
    d.press('R');
    const dialog = openDialog(d.state());
    expect(shown, 'run info names one task').toHaveLength(1);
    expect(dialog?.title, `run info shows ${shown.join(', ')}`).toBe(`Rename "${shown[0]}" to:`);
    expect(dialog?.ids.map((id) => named(d as Driver, id))).toEqual(shown);
  });

  it('on a narrow screen, the run info pane draws the task its title names after an archive', async () => {
    d = await openDriver({ tasks: FRUIT, cols: 80, rows: 24 });
    view = renderMonitor(d.fx.store, { columns: 80, rows: 24 });
    d.press('9', '1');
    await select(d, 'tr-mango');
    d.press('9');
    await d.settle();
    const frame = (): ReturnType<typeof framePane> => framePane((view as MonitorRender).lines());
    await waitFor(
      () => frame().subject === 'tr-mango' && frame().body.join('\n').includes('tr-mango'),
      5000,
      'run info of tr-mango drawn',
    );
    d.press('1', 'a', '9');
    await d.settle();
    const highlighted = named(d, selectedTask(d.state()));
    await waitFor(() => frame().subject === highlighted, 5000, `the run info title naming ${highlighted}`);
    const drawn = frame();
    expect(drawn.title).toBe('run info');
    expect(
      dataOwners(drawn.body.flatMap((line) => line.split(/\s+/))),
      `the run info pane titled "${highlighted}" draws`,
    ).toEqual([highlighted]);
  });

  it('after a bulk archive of three tasks no shown pane stays loading once the requests are over', async () => {
    d = await openDriver({ tasks: FRUIT });
    d.press('9', '1', 'g');
    await d.settle();
    d.press('space', 'j', 'space', 'j', 'space', 'a');
    expect(openDialog(d.state())?.title).toBe('Archive 3 tasks?');
    d.press('y');
    await d.settle();
    const s = d.state();
    expect(listedTasks(s).map((id) => named(d as Driver, id))).toEqual(['tr-kiwi', 'tr-apple']);
    const stuck = loadingPanes(s).filter((p) => shownPanes(s).includes(p));
    expect(stuck, `with nothing in flight, shown panes (${shownPanes(s).join(', ')}) still say loading`).toEqual([]);
    expect(paneNames(d)).toEqual(allShowing(named(d, selectedTask(s))));
  });

  it('after deleting the only task matching a filter no pane shows another task', async () => {
    d = await openDriver({ tasks: FRUIT });
    d.press('5', '1');
    await select(d, 'tr-pear');
    d.press('/', ...'kiwi'.split(''), 'enter');
    await d.settle();
    expect(listedTasks(d.state()).map((id) => named(d as Driver, id))).toEqual(['tr-kiwi']);
    expect(dataOwners(paneWords(d.state()).chart), 'the chart draws').toEqual(['tr-kiwi']);
    d.press('d', 'y', 'y');
    await d.settle();
    expect(listedTasks(d.state())).toEqual([]);
    expect(paneNames(d), 'with no task listed').toEqual(allShowing('(none)'));
    const words = paneWords(d.state());
    expect(dataOwners(words.chart), 'the chart draws the curves of').toEqual([]);
    expect(dataOwners(words.scalars), 'the scalars pane lists').toEqual([]);
    expect(dataOwners(words.logs), 'the log shows lines of').toEqual([]);
  });

  it('when the undo of an archive is refused, the panes follow the selection back to none', async () => {
    d = await openDriver({ tasks: FRUIT });
    d.press('9', '1');
    await select(d, 'tr-mango');
    d.press('a');
    await d.fx.until((s) => undoOffer(s) !== null, 'the undo offer');
    d.press('/', 'z', 'z', 'enter');
    await d.settle();
    expect(listedTasks(d.state())).toEqual([]);
    // Someone else deletes the archived task meanwhile: the server refuses its unarchive.
    await d.fx.writer.tasks.deleteMany({ ids: [d.ids['tr-mango'] as string], force: true });
    d.press('u');
    // The undo puts tr-mango back at once, highlighted: the panes go with it.
    expect(named(d, selectedTask(d.state()))).toBe('tr-mango');
    expect(paneNames(d), 'as u puts tr-mango back').toEqual(allShowing('tr-mango'));
    await d.fx.until((s) => undoOffer(s) === null && listedTasks(s).length === 0, 'the refused undo rolled back');
    await d.settle();
    expect(selectedTask(d.state())).toBeNull();
    expect(paneNames(d), 'after the refused undo, with no task listed').toEqual(allShowing('(none)'));
  });
});
