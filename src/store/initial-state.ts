// The state a fresh monitor starts from.
import type { MonitorData, PaneName } from './types.js';

export const DEFAULT_HISTOGRAM_SAMPLES = 120;

/** Every pane with no visible rows (a pane not on screen). */
export const NO_PANE_ROWS: Readonly<Record<PaneName, number>> = {
  tasks: 0,
  scalars: 0,
  chart: 0,
  logs: 0,
  plots: 0,
  summary: 0,
  reports: 0,
  details: 0,
};

export interface InitialOptions {
  serverUrl: string;
  readOnly: boolean;
  cols: number;
  rows: number;
}

export function initialData(options: InitialOptions): MonitorData {
  return {
    connection: {
      state: 'connecting',
      serverUrl: options.serverUrl,
      staleSince: null,
      nextAttemptAt: null,
      attempt: 0,
      lastSuccessAt: null,
      lastError: null,
      authReason: null,
    },
    ui: {
      view: 'tasks',
      focus: { tasks: 'tasks', reports: 'reports' },
      overlay: 'none',
      dialog: null,
      prompt: null,
      filters: { tasks: '', reports: '' },
      showArchived: { tasks: false, reports: false },
      xAxis: 'iter',
      smoothing: 0,
      cols: options.cols,
      rows: options.rows,
      paneRows: { ...NO_PANE_ROWS },
      status: null,
      readOnly: options.readOnly,
    },
    tasks: {
      ids: [],
      byId: {},
      selectedId: null,
      selectedIndex: 0,
      statusFilter: [],
      loading: true,
      loadingMore: false,
      hasMore: false,
      error: null,
      fetchedAt: null,
    },
    scalars: emptyScalars(null, 'iter', DEFAULT_HISTOGRAM_SAMPLES),
    logs: emptyLogs(null),
    artifacts: emptyArtifacts(null),
    reports: {
      ids: [],
      byId: {},
      selectedId: null,
      selectedIndex: 0,
      filter: { tagsInclude: [], tagsExclude: [], status: [], projectId: null, projectName: null },
      knownTags: [],
      knownProjects: [],
      marked: [],
      pending: {},
      undo: null,
      detailsTop: 0,
      detailsLines: 0,
      widgets: {},
      loading: true,
      loadingMore: false,
      hasMore: false,
      error: null,
      fetchedAt: null,
    },
  };
}

export function emptyScalars(
  taskId: string | null,
  axis: MonitorData['scalars']['seriesAxis'],
  samples: number,
): MonitorData['scalars'] {
  return {
    taskId,
    rows: [],
    selectedIndex: 0,
    chartMetric: null,
    series: {},
    seriesAxis: axis,
    samples,
    loading: taskId !== null,
    error: null,
    fetchedAt: null,
  };
}

export function emptyLogs(taskId: string | null): MonitorData['logs'] {
  return {
    taskId,
    lines: [],
    top: 0,
    atStart: false,
    atEnd: true,
    follow: true,
    loadingOlder: false,
    loadingNewer: taskId !== null,
    search: null,
    error: null,
    fetchedAt: null,
  };
}

export function emptyArtifacts(taskId: string | null): MonitorData['artifacts'] {
  const loading = taskId !== null;
  return {
    taskId,
    plots: { items: [], loading, error: null },
    images: { items: [], loading, error: null },
    singleValues: { items: [], loading, error: null },
    plotsTop: 0,
    summaryTop: 0,
    fetchedAt: null,
  };
}
