// Which component draws each pane, and which store slice it draws (a pane that failed to draw
// tries again when that slice changes). The rest of a pane's descriptor (view, slot, keys,
// header tab, data it needs) is in src/store/panes.ts; docs/architecture.md says how to add one.
import type { ReactNode } from 'react';
import type { MonitorState, PaneName } from '../../store/types.js';
import { ChartOrCompare, PlotsOrCompare, ScalarsOrCompare } from './ComparePanes.js';
import { LogsPane } from './LogsPane.js';
import { QueuesPane } from './QueuesPane.js';
import { ReportDetailsPane } from './ReportDetailsPane.js';
import { ReportListPane } from './ReportListPane.js';
import { RunInfoPane } from './RunInfoPane.js';
import { SummaryPane } from './SummaryPane.js';
import { TaskListPane } from './TaskListPane.js';
import { WorkersPane } from './WorkersPane.js';
import type { PaneProps } from './types.js';

export interface PaneView {
  component: (props: PaneProps) => ReactNode;
  /** The store slice the pane draws. */
  data: (state: MonitorState) => unknown;
}

/** Compare mode (two or more marked tasks) draws the compare slice in scalars, chart and plots. */
const comparing = (s: MonitorState): boolean => s.tasks.marked.length >= 2;

export const PANE_VIEWS: Record<PaneName, PaneView> = {
  tasks: { component: TaskListPane, data: (s) => s.tasks },
  scalars: { component: ScalarsOrCompare, data: (s) => (comparing(s) ? s.compare : s.scalars) },
  chart: { component: ChartOrCompare, data: (s) => (comparing(s) ? s.compare : s.scalars) },
  logs: { component: LogsPane, data: (s) => s.logs },
  plots: { component: PlotsOrCompare, data: (s) => (comparing(s) ? s.compare : s.artifacts) },
  summary: { component: SummaryPane, data: (s) => s.artifacts },
  runinfo: { component: RunInfoPane, data: (s) => s.runinfo },
  reports: { component: ReportListPane, data: (s) => s.reports },
  details: { component: ReportDetailsPane, data: (s) => s.reports },
  workers: { component: WorkersPane, data: (s) => s.cluster },
  queues: { component: QueuesPane, data: (s) => s.cluster },
};
