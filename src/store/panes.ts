// The panes of the monitor: one descriptor per pane, and everything derived from them (the
// pane names and their types, each view's panes in Tab order, the two filterable lists, the
// layout slots, what `/` and `enter` do, and which detail data a shown pane needs). Pure data,
// no state: the store, the layout, the header and the key table all read it; which component
// draws a pane is in src/ui/panes/registry.ts. docs/architecture.md says how to add a pane.

export type ViewName = 'tasks' | 'reports' | 'cluster';

/**
 * Detail data fetched only while a pane that needs it is shown (focused, or with rows on
 * screen): the selected task's log, its plots, debug images and single values, the marked
 * tasks' plots (compare), its run info (and the marked tasks' parameters), the report's widgets.
 */
export type PaneData = 'logs' | 'artifacts' | 'compare-plots' | 'runinfo' | 'widgets';

/**
 * Where the wide layout puts a pane (src/ui/layout.ts): the view's list on the left; on the
 * Tasks view's right, a top and a bottom slot, each showing one of its panes (the focused one,
 * else the one last shown there); the report details fill the Reports view's right; the Cluster
 * view's two panes (workers above, queues below) are in its own slot.
 */
export type PaneSlot = 'list' | 'top' | 'bottom' | 'right' | 'cluster';

export interface PaneSpec {
  /** Its name, which is also its scope in the key table (src/ui/keys/scopes.ts). */
  name: string;
  view: ViewName;
  slot: PaneSlot;
  /** The key that focuses it and that key's help line; null for a list (its view's digit). */
  focus: { key: string; help: string } | null;
  /** Its tab in the header. */
  tab: string;
  /** How the help, the README's key table and the status line name it. */
  label: string;
  /** What `/` does there: filter the list, search the pane's text, or nothing. */
  slash: 'filter' | 'search' | null;
  /** `enter` reads the selected line or value whole in the text viewer. */
  textViewer: boolean;
  /** Detail data fetched only while this pane is shown. */
  data: readonly PaneData[];
}

/** Every pane, each view's in Tab order (the header's tabs and the focus keys follow it). */
export const PANE_SPECS = [
  {
    name: 'tasks',
    view: 'tasks',
    slot: 'list',
    focus: null,
    tab: 'list',
    label: 'task list',
    slash: 'filter',
    textViewer: false,
    data: [],
  },
  {
    name: 'scalars',
    view: 'tasks',
    slot: 'top',
    focus: { key: '4', help: 'focus the scalars pane' },
    tab: 'scalars',
    label: 'scalars',
    slash: null,
    textViewer: false,
    data: [],
  },
  {
    name: 'chart',
    view: 'tasks',
    slot: 'top',
    focus: { key: '5', help: 'focus the chart pane' },
    tab: 'chart',
    label: 'chart',
    slash: null,
    textViewer: false,
    data: [],
  },
  {
    name: 'logs',
    view: 'tasks',
    slot: 'bottom',
    focus: { key: '6', help: 'focus the logs pane' },
    tab: 'logs',
    label: 'logs',
    slash: 'search',
    textViewer: true,
    data: ['logs'],
  },
  {
    name: 'plots',
    view: 'tasks',
    slot: 'bottom',
    focus: { key: '7', help: 'focus the plots and debug images pane' },
    tab: 'plots',
    label: 'plots',
    slash: null,
    textViewer: false,
    data: ['artifacts', 'compare-plots'],
  },
  {
    name: 'summary',
    view: 'tasks',
    slot: 'bottom',
    focus: { key: '8', help: 'focus the summary (single values) pane' },
    tab: 'summary',
    label: 'summary',
    slash: null,
    textViewer: true,
    data: ['artifacts'],
  },
  {
    name: 'runinfo',
    view: 'tasks',
    slot: 'bottom',
    focus: { key: '9', help: 'focus the run info pane (status, times, parameters)' },
    tab: 'info',
    label: 'run info',
    slash: 'search',
    textViewer: true,
    data: ['runinfo'],
  },
  {
    name: 'reports',
    view: 'reports',
    slot: 'list',
    focus: null,
    tab: 'list',
    label: 'report list',
    slash: 'filter',
    textViewer: false,
    data: [],
  },
  {
    name: 'details',
    view: 'reports',
    slot: 'right',
    focus: { key: '4', help: 'focus the report details pane' },
    tab: 'details',
    label: 'report details',
    slash: null,
    textViewer: false,
    data: ['widgets'],
  },
  {
    name: 'workers',
    view: 'cluster',
    slot: 'cluster',
    focus: null,
    tab: 'workers',
    label: 'workers',
    slash: null,
    textViewer: false,
    data: [],
  },
  {
    name: 'queues',
    view: 'cluster',
    slot: 'cluster',
    focus: { key: '4', help: 'focus the queues pane' },
    tab: 'queues',
    label: 'queues',
    slash: null,
    textViewer: false,
    data: [],
  },
] as const satisfies readonly PaneSpec[];

type Spec = (typeof PANE_SPECS)[number];

export type PaneName = Spec['name'];
export type TasksPane = Extract<Spec, { view: 'tasks' }>['name'];
export type ReportsPane = Extract<Spec, { view: 'reports' }>['name'];
export type ClusterPane = Extract<Spec, { view: 'cluster' }>['name'];
/** The two filterable lists. */
export type ListName = Extract<Spec, { slot: 'list' }>['name'];
/** The panes of a layout slot. */
export type PaneInSlot<S extends PaneSlot> = Extract<Spec, { slot: S }>['name'];
/** Panes with a focus key of their own. */
export type FocusablePane = Exclude<Spec, { focus: null }>['name'];
/** Panes where `/` searches their text. */
export type SearchPane = Extract<Spec, { slash: 'search' }>['name'];
/** Panes whose selection `enter` opens in the text viewer. */
export type TextViewerPane = Extract<Spec, { textViewer: true }>['name'];

const BY_NAME = new Map<string, Spec>(PANE_SPECS.map((spec) => [spec.name, spec]));

/** The descriptor of a pane. */
export function paneSpec(pane: PaneName): PaneSpec {
  return BY_NAME.get(pane) as Spec;
}

function names<P extends PaneName>(keep: (spec: PaneSpec) => boolean): readonly P[] {
  return PANE_SPECS.filter(keep).map((spec) => spec.name as P);
}

export const PANE_NAMES: readonly PaneName[] = names(() => true);
export const TASKS_PANES: readonly TasksPane[] = names((spec) => spec.view === 'tasks');
export const REPORTS_PANES: readonly ReportsPane[] = names((spec) => spec.view === 'reports');
export const CLUSTER_PANES: readonly ClusterPane[] = names((spec) => spec.view === 'cluster');
export const LIST_PANES: readonly ListName[] = names((spec) => spec.slot === 'list');
export const SEARCH_PANES: readonly SearchPane[] = names((spec) => spec.slash === 'search');
export const TEXT_VIEWER_PANES: readonly TextViewerPane[] = names((spec) => spec.textViewer);

/** The panes of a view, in Tab order. */
export function panesOf(view: ViewName): readonly PaneName[] {
  return view === 'tasks' ? TASKS_PANES : view === 'reports' ? REPORTS_PANES : CLUSTER_PANES;
}

export function isList(pane: string): pane is ListName {
  return (LIST_PANES as readonly string[]).includes(pane);
}

export function isSearchPane(pane: string): pane is SearchPane {
  return (SEARCH_PANES as readonly string[]).includes(pane);
}

export function isTextViewerPane(pane: string): pane is TextViewerPane {
  return (TEXT_VIEWER_PANES as readonly string[]).includes(pane);
}

export function inSlot<S extends PaneSlot>(pane: PaneName, slot: S): pane is PaneInSlot<S> {
  return paneSpec(pane).slot === slot;
}

/** The pane a slot shows before any of its panes has had focus: its first in Tab order. */
export function firstInSlot<S extends PaneSlot>(slot: S): PaneInSlot<S> {
  return (PANE_SPECS.find((spec) => spec.slot === slot) as Spec).name as PaneInSlot<S>;
}

/** What `paneShown` reads of the UI state (src/store/ui/ui-state.ts). */
interface ShownState {
  ui: {
    view: ViewName;
    focus: { tasks: TasksPane; reports: ReportsPane; cluster: ClusterPane };
    paneRows: Readonly<Record<PaneName, number>>;
  };
}

/** The pane is on screen: in the shown view, and focused or laid out with rows. */
export function paneShown(state: ShownState, pane: PaneName): boolean {
  const view = paneSpec(pane).view;
  return state.ui.view === view && (state.ui.focus[view] === pane || state.ui.paneRows[pane] > 0);
}

/** A pane needing `data` is shown (so it is worth fetching). */
export function dataWanted(state: ShownState, data: PaneData): boolean {
  return PANE_SPECS.some((spec) => (spec.data as readonly PaneData[]).includes(data) && paneShown(state, spec.name));
}
