// The pollers of the monitor (task list, report list, selected task's detail, its log, the
// shown report's widgets) and how their outcomes reach the connection slice and the panes.
import { markAttempt, markFailure, markSuccess } from './connection.js';
import type { Pollers, StoreContext } from './context.js';
import { classifyFailure, toPaneError } from './errors.js';
import { Poller } from './poller.js';
import { reportsTick } from './reports-list.js';
import { widgetsShown, widgetsTick } from './report-widgets.js';
import { detailTick } from './task-detail.js';
import { logsTick } from './task-logs.js';
import { tasksTick } from './tasks-list.js';
import type { ListName } from './types.js';

interface PollerSpec {
  name: string;
  /** Null: runs only when woken. */
  intervalMs: number | null;
  isEnabled(): boolean;
  tick(signal: AbortSignal): Promise<void>;
  /** The list poller of the shown view drives the connection's retry countdown. */
  isPrimary(): boolean;
  onPaneError?(err: unknown): void;
}

function makePoller(ctx: StoreContext, spec: PollerSpec): Poller {
  return new Poller({
    name: spec.name,
    intervalMs: spec.intervalMs,
    backoffBaseMs: ctx.backoffBaseMs,
    backoffCapMs: ctx.backoffCapMs,
    timers: ctx.timers,
    random: ctx.random,
    now: ctx.now,
    isEnabled: spec.isEnabled,
    tick: spec.tick,
    onAttempt: () => {
      if (spec.isPrimary()) markAttempt(ctx);
    },
    onSuccess: () => markSuccess(ctx),
    onFailure: (err, retry) => {
      if (classifyFailure(err) === 'pane') spec.onPaneError?.(err);
      else markFailure(ctx, err, retry, spec.isPrimary());
    },
    classify: (err) => {
      const cls = classifyFailure(err);
      return cls === 'connection' || cls === 'auth' ? 'backoff' : 'normal';
    },
    isAbort: (err) => classifyFailure(err) === 'abort',
  });
}

export function createPollers(ctx: StoreContext): Pollers {
  const view = () => ctx.get().ui.view;
  const taskSelected = () => view() === 'tasks' && ctx.get().tasks.selectedId !== null;
  const listError = (list: ListName) => (err: unknown) => {
    ctx.set((s) => ({
      [list]: { ...s[list], loading: false, loadingMore: false, error: toPaneError(err, ctx.now()) },
    }));
  };
  return {
    tasks: makePoller(ctx, {
      name: 'tasks',
      intervalMs: ctx.intervalMs,
      isEnabled: () => view() === 'tasks',
      tick: (signal) => tasksTick(ctx, signal),
      isPrimary: () => view() === 'tasks',
      onPaneError: listError('tasks'),
    }),
    reports: makePoller(ctx, {
      name: 'reports',
      intervalMs: ctx.intervalMs,
      isEnabled: () => view() === 'reports',
      tick: (signal) => reportsTick(ctx, signal),
      isPrimary: () => view() === 'reports',
      onPaneError: listError('reports'),
    }),
    detail: makePoller(ctx, {
      name: 'detail',
      intervalMs: null,
      isEnabled: taskSelected,
      tick: (signal) => detailTick(ctx, signal),
      isPrimary: () => false,
    }),
    logs: makePoller(ctx, {
      name: 'logs',
      intervalMs: null,
      isEnabled: taskSelected,
      tick: (signal) => logsTick(ctx, signal),
      isPrimary: () => false,
    }),
    widgets: makePoller(ctx, {
      name: 'widgets',
      intervalMs: null,
      isEnabled: () => widgetsShown(ctx.get()) && ctx.get().reports.selectedId !== null,
      tick: (signal) => widgetsTick(ctx, signal),
      isPrimary: () => false,
    }),
  };
}
