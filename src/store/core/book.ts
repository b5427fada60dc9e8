// The core's bookkeeping: list paging, the task list's idle probe, the status line's timer and
// the lifecycle. Part of the store's Bookkeeping (context.ts composes every slice's book).
import type { ListName } from '../panes.js';
import { initialPaging, type ListPaging } from './list-paging.js';
import { initialListProbe, type ListProbe } from './list-probe.js';

export interface CoreBook {
  paging: Record<ListName, ListPaging>;
  /** What the task list's idle probe compares with (list-probe.ts). */
  taskProbe: ListProbe;
  statusTimer: unknown;
  started: boolean;
  /** Epoch ms of the last successful answer of any poller (exact; the state's copy is coarse). */
  lastAnswerAt: number | null;
}

export function initialCoreBook(pageSize: number): CoreBook {
  return {
    paging: { tasks: initialPaging(pageSize), reports: initialPaging(pageSize) },
    taskProbe: initialListProbe(),
    statusTimer: null,
    started: false,
    lastAnswerAt: null,
  };
}
