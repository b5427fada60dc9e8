// Every read of the monitor store's state that the selection and model tests make, in one
// place: which task each pane shows, whether follow is on, what is loading, the new-lines
// count, which tasks the triage keys would act on. The tests and the model
// (test/store/model/) read the store only through these functions, so a change of the store's
// shape is answered here alone. Each function says which fields it reads.
import { paneShown } from '../../src/store/panes.js';
import type { MonitorState, PaneName, ViewName } from '../../src/store/types.js';

/** The panes that show the selected task's data (the Tasks view's right-hand side). */
export const DETAIL_PANES = ['scalars', 'chart', 'logs', 'plots', 'summary', 'runinfo'] as const;
export type DetailPane = (typeof DETAIL_PANES)[number];

/** The selected task (the list's highlight): `tasks.selectedId`. */
export function selectedTask(s: MonitorState): string | null {
  return s.tasks.selectedId;
}

/** The listed task ids, in list order: `tasks.ids`. */
export function listedTasks(s: MonitorState): readonly string[] {
  return s.tasks.ids;
}

/** The marked tasks (space): `tasks.marked`. */
export function markedTasks(s: MonitorState): readonly string[] {
  return s.tasks.marked;
}

/** The task list has had its first answer for the current query: `tasks.loading`. */
export function listLoaded(s: MonitorState): boolean {
  return !s.tasks.loading;
}

/**
 * Which task each detail pane shows: the task its slice holds data of (`scalars.taskId` for
 * the scalars and the chart, `logs.taskId`, `artifacts.taskId` for plots and summary; the run
 * info pane shows `runinfo.info.id` once it holds info, else `runinfo.taskId`).
 */
export function paneTasks(s: MonitorState): Record<DetailPane, string | null> {
  return {
    scalars: s.scalars.taskId,
    chart: s.scalars.taskId,
    logs: s.logs.taskId,
    plots: s.artifacts.taskId,
    summary: s.artifacts.taskId,
    runinfo: s.runinfo.info?.id ?? s.runinfo.taskId,
  };
}

/**
 * With two or more tasks marked, the scalars, chart and run info panes compare the marked tasks:
 * the tasks their data is for (`compare.taskIds`), or null when not comparing (`tasks.marked`).
 */
export function comparedTasks(s: MonitorState): readonly string[] | null {
  return s.tasks.marked.length >= 2 ? s.compare.taskIds : null;
}

/**
 * The words each pane draws that tell tasks apart: the scalars pane's and the chart's series
 * variants (`scalars.rows[].variant`, `scalars.series[metric]` keys), the log's lines
 * (`logs.lines[].plain`), the run info's task name (`runinfo.info.name`).
 */
export function paneWords(s: MonitorState): Record<'scalars' | 'chart' | 'logs' | 'runinfo', string[]> {
  return {
    scalars: s.scalars.rows.map((r) => r.variant),
    chart: Object.values(s.scalars.series).flatMap((byVariant) => Object.keys(byVariant)),
    logs: s.logs.lines.map((l) => l.plain),
    runinfo: s.runinfo.info === null ? [] : [s.runinfo.info.name],
  };
}

/**
 * The panes that say they are loading: `scalars.loading`, `logs.loadingNewer` /
 * `logs.loadingOlder`, `artifacts.{plots,images,singleValues}.loading` (plots: plots or
 * images; summary: single values), `runinfo.loading`.
 */
export function loadingPanes(s: MonitorState): DetailPane[] {
  const out: DetailPane[] = [];
  if (s.scalars.loading) out.push('scalars', 'chart');
  if (s.logs.loadingNewer || s.logs.loadingOlder) out.push('logs');
  if (s.artifacts.plots.loading || s.artifacts.images.loading) out.push('plots');
  if (s.artifacts.singleValues.loading) out.push('summary');
  if (s.runinfo.loading) out.push('runinfo');
  return out;
}

/** The detail panes on screen (focused, or laid out with rows): `ui.view`, `ui.focus`, `ui.paneRows`. */
export function shownPanes(s: MonitorState): DetailPane[] {
  return DETAIL_PANES.filter((pane) => paneShown(s, pane));
}

/** Follow mode of the log: `logs.follow`. */
export function followOn(s: MonitorState): boolean {
  return s.logs.follow;
}

/** The count in the logs pane's "N new lines (G: go)" marker, 0 when none shows: `logs.follow`, `logs.unseen`. */
export function newLinesCount(s: MonitorState): number {
  return s.logs.follow ? 0 : s.logs.unseen;
}

/** The log has lines and is not fetching: `logs.lines`, `logs.loadingNewer`, `logs.loadingOlder`. */
export function logShown(s: MonitorState): boolean {
  return s.logs.lines.length > 0 && !s.logs.loadingNewer && !s.logs.loadingOlder;
}

/**
 * Which tasks the triage keys act on now: `R` the selected one (`tasks.selectedId`); `a`, `d`,
 * `t`, `m` the marked ones that are listed, in list order, else (none marked) the selected one
 * (`tasks.marked`, `tasks.ids`).
 */
export function actionTargets(s: MonitorState): { rename: string | null; triage: string[] } {
  const selected = s.tasks.selectedId;
  if (s.tasks.marked.length > 0)
    return { rename: selected, triage: s.tasks.ids.filter((id) => s.tasks.marked.includes(id)) };
  return { rename: selected, triage: selected === null ? [] : [selected] };
}

/** The open dialog's title and the ids it acts on, or null: `dialog`. */
export function openDialog(s: MonitorState): { kind: string; title: string; ids: string[] } | null {
  const d = s.dialog;
  if (d === null) return null;
  return { kind: d.kind, title: d.title, ids: d.kind === 'pick' ? [] : [...d.ids] };
}

/** Something takes the keys before the panes (prompt, dialog, help, viewer): `ui.prompt`, `dialog`, `ui.overlay`, `ui.viewer`. */
export function modalOpen(s: MonitorState): boolean {
  return s.ui.prompt !== null || s.dialog !== null || s.ui.overlay !== 'none' || s.ui.viewer !== null;
}

/** What `u` would reverse: `tasks.undo`. */
export function undoOffer(s: MonitorState): { action: string; ids: string[] } | null {
  return s.tasks.undo;
}

/** What the layout is computed from (as App.tsx does): `ui.view`, `ui.focus`, `ui.zoomed`. */
export function layoutInput(s: MonitorState): { view: ViewName; focused: PaneName; zoomed: boolean } {
  return {
    view: s.ui.view,
    focused: s.ui.view === 'tasks' ? s.ui.focus.tasks : s.ui.focus.reports,
    zoomed: s.ui.zoomed,
  };
}

/**
 * What a rendered frame of the narrow layout (one pane) shows: the pane's title, the task its
 * title names (App.tsx names the selected task when the list is off screen) and its body lines.
 * Reads the frame's text only (ui-fixture.tsx's `lines()`), not the store.
 */
export function framePane(lines: readonly string[]): { title: string; subject: string | null; body: string[] } {
  const top = lines[1] ?? '';
  const match = /^\W*?([a-z][a-z ]*?)(?: · (.+?))? [─━]/.exec(top.replace(/^[^a-z]*/i, ''));
  return { title: match?.[1] ?? '', subject: match?.[2] ?? null, body: lines.slice(2) };
}
