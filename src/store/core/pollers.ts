// How a poller's outcomes reach the connection state and the panes (`makePoller`), and the
// store's lifecycle (start, stop, refresh) over every poller. Each slice creates its own
// pollers with makePoller; none is created here.
import {
  markAttempt,
  markFailure,
  markMalformed,
  markOverdue,
  markOversized,
  markSuccess,
  overdueAfterMs,
} from './connection.js';
import type { PollerName, StoreContext } from './context.js';
import { classifyFailure, isMalformedAnswer, isOversizedAnswer, toPaneError } from './errors.js';
import type { ListName } from '../panes.js';
import { Poller } from './poller.js';

export interface PollerSpec {
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

export function makePoller(ctx: StoreContext, spec: PollerSpec): Poller {
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

/**
 * A list's poller: every interval while its view is shown, and then the primary poller (the
 * connection's state follows it); its pane shows what failed.
 */
export function listPoller(ctx: StoreContext, list: ListName, tick: (signal: AbortSignal) => Promise<void>): Poller {
  return makePoller(ctx, {
    name: list,
    intervalMs: ctx.intervalMs,
    isEnabled: () => ctx.get().ui.view === list,
    tick,
    isPrimary: () => ctx.get().ui.view === list,
    onPaneError: (err) => {
      ctx.set((s) => ({
        [list]: { ...s[list], loading: false, loadingMore: false, error: toPaneError(err, ctx.now()) },
      }));
    },
  });
}

/** A poller that follows a list's selection: its failures show in its own pane, never as the connection's. */
export function sidePoller(
  ctx: StoreContext,
  name: PollerName,
  intervalMs: number | null,
  isEnabled: () => boolean,
  tick: (signal: AbortSignal) => Promise<void>,
): Poller {
  return makePoller(ctx, { name, intervalMs, isEnabled, tick, isPrimary: () => false });
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
  const every = (): Poller[] => Object.values(ctx.pollers) as Poller[];
  return {
    start() {
      if (ctx.core.started) return;
      ctx.core.started = true;
      for (const poller of every()) poller.start();
    },
    stop() {
      ctx.core.started = false;
      for (const poller of every()) poller.stop();
      ctx.core.statusTimer.stop();
      ctx.events.emit('stop', {});
    },
    refresh() {
      for (const poller of every()) poller.resetBackoff();
      const view = ctx.get().ui.view;
      if (ctx.get().connection.state === 'unanswered') ctx.pollers[view].restart();
      ctx.events.emit('refresh', {});
      ctx.events.emit('sync', { view });
    },
  };
}
