// What every slice is given: the zustand get/set, the injected dependencies, the pollers, the
// event bus and the core's own bookkeeping. A slice's private bookkeeping (what it fetched,
// its timers and cursors) is not here: each slice keeps its own (see `withBook`).
import type { StoreClient } from '../client.js';
import type { MonitorData, MonitorState } from '../types.js';
import type { EventBus } from './events.js';
import type { Poller, Timers } from './poller.js';
import type { OneShot } from './one-shot.js';

/** The pollers, one per concern; each is created and driven by the slice that owns it. */
export interface Pollers {
  tasks: Poller;
  reports: Poller;
  /** The selected task's scalars, plots, images and single values. */
  detail: Poller;
  /** Its run info and the marked tasks' parameters. */
  runinfo: Poller;
  logs: Poller;
  /** Marked tasks' scalars (every interval while two or more are marked; woken on changes). */
  compare: Poller;
  /** Embedded widgets of the shown report (runs when woken). */
  widgets: Poller;
  /** The selected running task's one-row probe (every second while it keeps changing). */
  fresh: Poller;
  /** The Cluster view's workers and queues (every interval while the view is shown). */
  cluster: Poller;
  /** The workers' last machine stats (every 6th interval while the view is shown). */
  clusterBars: Poller;
  /** The selected worker's last hour (every 12th interval while the view is shown). */
  clusterSpark: Poller;
}

export type PollerName = keyof Pollers;

/** The core's own bookkeeping: the lifecycle, the status line's timer, the last answer's time. */
export interface CoreBook {
  started: boolean;
  statusTimer: OneShot;
  /** Epoch ms of the last successful answer of any poller (exact; the state's copy is coarse). */
  lastAnswerAt: number | null;
}

export interface StoreContext {
  get(): MonitorState;
  set(update: Partial<MonitorData> | ((state: MonitorState) => Partial<MonitorData>)): void;
  client: StoreClient;
  now: () => number;
  timers: Timers;
  random: () => number;
  intervalMs: number;
  backoffBaseMs: number;
  backoffCapMs: number;
  authBackoffCapMs: number;
  selectionDebounceMs: number;
  firstSelectionPauseMs: number;
  pageSize: number;
  pollers: Pollers;
  events: EventBus;
  /**
   * Calls `onChange` after every state change that changes what `select` returns (compared
   * with ===), synchronously, before the change reaches the UI's next frame.
   */
  watch<T>(select: (state: MonitorState) => T, onChange: (next: T, previous: T) => void): void;
  core: CoreBook;
}

/** A slice's context: the store's, with the slice's private bookkeeping beside it. */
export type SliceContext<B> = StoreContext & { readonly book: B };

/** Gives a slice its own bookkeeping; everything else is read through to `ctx` (pollers set later included). */
export function withBook<B>(ctx: StoreContext, book: B): SliceContext<B> {
  const sliceCtx = Object.create(ctx) as { book: B };
  sliceCtx.book = book;
  return sliceCtx as SliceContext<B>;
}

export const MAX_LIST_ROWS = 500;

/** Functions of a slice that take only its context, each bound to it: `{ name: (ctx) => r }` → `{ name: () => r }`. */
export function bindTo<C, F extends Record<string, (ctx: C) => unknown>>(
  ctx: C,
  fns: F,
): { [K in keyof F]: () => ReturnType<F[K]> } {
  const bound: Record<string, () => unknown> = {};
  for (const [name, fn] of Object.entries(fns)) bound[name] = () => fn(ctx);
  return bound as { [K in keyof F]: () => ReturnType<F[K]> };
}
