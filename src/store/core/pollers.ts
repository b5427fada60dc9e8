// The pollers of the monitor (task list, report list, selected task's detail, its log, the
// shown report's widgets) and how their outcomes reach the connection slice and the panes.
import { refreshWidgets } from '../reports/widgets.js';
import { logsWanted } from '../detail/selected-task.js';
import { syncDetail } from '../detail/task-detail.js';
import { requestLogOp } from '../logs/fetch.js';
import { forceFullRead } from './list-probe.js';
import {
  markAttempt,
  markFailure,
  markMalformed,
  markOverdue,
  markOversized,
  markSuccess,
  overdueAfterMs,
} from './connection.js';
import { BOOK_TIMERS, stopTimer } from './book-timers.js';
import type { Pollers, StoreContext } from '../context.js';
import { classifyFailure, isMalformedAnswer, isOversizedAnswer, toPaneError } from './errors.js';
import { Poller } from './poller.js';
import { reportsTick } from '../reports/list.js';
import { widgetsShown, widgetsTick } from '../reports/widgets.js';
import { detailTick } from '../detail/task-detail.js';
import { FRESH_PROBE_MS, freshProbeWanted, freshTick } from '../detail/fresh-probe.js';
import { logsTick } from '../logs/fetch.js';
import { tasksTick } from '../tasks/list.js';
import { compareActive, compareTick } from '../compare/compare.js';
import type { ListName } from '../types.js';

interface PollerSpec {
  name: string;
  /** Null: runs only when woken. */
  intervalMs: number | null;
  isEnabled(): boolean;
  tick(signal: AbortSignal): Promise<void>;
  /**
   * The list poller of the shown view drives the connection's retry countdown; its answers
   * (overdue, malformed) say whether the shown data is live.
   */
  isPrimary(): boolean;
  onPaneError?(err: unknown): void;
}

/** One concern's fetch (each slice exports its own). */
type Tick = (ctx: StoreContext, signal: AbortSignal) => Promise<void>;

function makePoller(ctx: StoreContext, spec: PollerSpec): Poller {
  const poller: Poller = new Poller({
    name: spec.name,
    intervalMs: spec.intervalMs,
    backoffBaseMs: ctx.backoffBaseMs,
    backoffCapMs: ctx.backoffCapMs,
    // A wrong key pair is not fixed by asking again soon (and servers slow down repeated logins).
    backoffCapFor: (err) => (classifyFailure(err) === 'auth' ? ctx.authBackoffCapMs : ctx.backoffCapMs),
    overdueAfterMs: () => (spec.isPrimary() ? overdueAfterMs(poller.lastDurationMs) : null),
    onOverdue: () => {
      if (spec.isPrimary()) markOverdue(ctx);
    },
    timers: ctx.timers,
    random: ctx.random,
    now: ctx.now,
    isEnabled: spec.isEnabled,
    tick: spec.tick,
    onAttempt: () => {
      if (spec.isPrimary()) markAttempt(ctx);
    },
    onSuccess: () => markSuccess(ctx, spec.isPrimary()),
    onFailure: (err, retry) => {
      if (classifyFailure(err) !== 'pane') markFailure(ctx, err, retry, spec.isPrimary());
      else {
        if (isMalformedAnswer(err) && spec.isPrimary()) markMalformed(ctx, err);
        if (isOversizedAnswer(err) && spec.isPrimary()) markOversized(ctx, err);
        spec.onPaneError?.(err);
      }
    },
    classify: (err) => {
      const cls = classifyFailure(err);
      return cls === 'connection' || cls === 'auth' ? 'backoff' : 'normal';
    },
    isAbort: (err) => classifyFailure(err) === 'abort',
  });
  return poller;
}

export function createPollers(ctx: StoreContext): Pollers {
  const view = () => ctx.get().ui.view;
  const taskSelected = () => view() === 'tasks' && ctx.get().tasks.selectedId !== null;
  const comparing = () => view() === 'tasks' && compareActive(ctx.get());
  const reportShown = () => widgetsShown(ctx.get()) && ctx.get().reports.selectedId !== null;
  // A list polls every interval while its view is shown and is then the primary poller; its
  // pane shows what failed.
  const listPoller = (list: ListName, tick: Tick): Poller =>
    makePoller(ctx, {
      name: list,
      intervalMs: ctx.intervalMs,
      isEnabled: () => view() === list,
      tick: (signal) => tick(ctx, signal),
      isPrimary: () => view() === list,
      onPaneError: (err) => {
        ctx.set((s) => ({
          [list]: { ...s[list], loading: false, loadingMore: false, error: toPaneError(err, ctx.now()) },
        }));
      },
    });
  // The others follow the list's selection; their failures show in their own panes.
  const sidePoller = (name: string, intervalMs: number | null, isEnabled: () => boolean, tick: Tick) =>
    makePoller(ctx, { name, intervalMs, isEnabled, tick: (signal) => tick(ctx, signal), isPrimary: () => false });
  return {
    tasks: listPoller('tasks', tasksTick),
    reports: listPoller('reports', reportsTick),
    detail: sidePoller('detail', null, taskSelected, detailTick),
    logs: sidePoller('logs', null, taskSelected, logsTick),
    compare: sidePoller('compare', ctx.intervalMs, comparing, compareTick),
    widgets: sidePoller('widgets', null, reportShown, widgetsTick),
    fresh: sidePoller(
      'fresh',
      FRESH_PROBE_MS,
      () => freshProbeWanted(ctx),
      async (c, signal) => {
        if (await freshTick(c, signal)) syncDetail(c);
      },
    ),
  };
}

export interface LifecycleActions {
  /** Starts the pollers (first load). Idempotent. */
  start(): void;
  /** Stops every poller, aborts in-flight requests and clears every timer. */
  stop(): void;
  /**
   * Re-polls now: the visible list and the selected task's detail (forced refetch). Backoff
   * starts over, and an overdue list request is dropped and sent again.
   */
  refresh(): void;
}

export function createLifecycleActions(ctx: StoreContext): LifecycleActions {
  const book = ctx.book;
  const every = (): Poller[] => Object.values(ctx.pollers) as Poller[];
  return {
    start() {
      if (book.started) return;
      book.started = true;
      for (const poller of every()) poller.start();
    },
    stop() {
      book.started = false;
      for (const poller of every()) poller.stop();
      for (const timer of BOOK_TIMERS) stopTimer(ctx, timer);
    },
    refresh() {
      book.scalarsFor = null;
      book.artifactsFor = null;
      book.runInfoFor = null;
      book.paramsFor = null;
      book.compareFor = null;
      book.tagsWanted = true;
      for (const poller of every()) poller.resetBackoff();
      const state = ctx.get();
      const list = state.ui.view === 'tasks' ? ctx.pollers.tasks : ctx.pollers.reports;
      if (state.connection.state === 'unanswered') list.restart();
      if (state.ui.view === 'tasks') {
        forceFullRead(ctx);
        ctx.pollers.tasks.wake();
        syncDetail(ctx);
        if (logsWanted(state) && state.logs.follow && state.logs.lines.length > 0) requestLogOp(ctx, { kind: 'newer' });
      } else {
        ctx.pollers.reports.wake();
        refreshWidgets(ctx);
      }
    },
  };
}
