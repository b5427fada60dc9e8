// The task list's private bookkeeping: its paging cursor, its idle probe, the triage changes'
// sequence and undo record, and the task asked for on the command line.
import { initialListBook, OneShot, type ListBook, type SliceContext, type StoreContext } from '../core/index.js';
import { initialListProbe, type ListProbe } from './list-probe.js';
import type { StateFile } from '../../config/state-file.js';
import { initialFreshProbe, type FreshProbe } from './fresh-probe.js';

export interface TasksBook extends ListBook {
  /** The task asked for on the command line, until the first task list answer. */
  openTask: string | null;
  /** What the task list's idle probe compares with (list-probe.ts). */
  probe: ListProbe;
  /** The pause after a selection change before its fresh probe may run. */
  selectionTimer: OneShot;
  /** When the selected task last changed, for its probe (fresh-probe.ts). */
  freshProbe: FreshProbe;
  /** Where the metric columns are remembered between runs (none: nothing is remembered). */
  stateFile: StateFile | null;
}

export type TasksContext = SliceContext<TasksBook>;

export function initialTasksBook(ctx: StoreContext, openTask: string | null, stateFile: StateFile | null): TasksBook {
  return {
    openTask,
    ...initialListBook(ctx.pageSize),
    probe: initialListProbe(),
    stateFile,
    selectionTimer: new OneShot(ctx.timers),
    freshProbe: initialFreshProbe(),
  };
}
