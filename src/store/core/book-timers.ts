// The store's one-shot timers. Each is kept by name in the bookkeeping (null when none is
// pending) so that stop() can clear them all; starting one again replaces its pending run.
import type { Timers } from './poller.js';

export const BOOK_TIMERS = ['selectionTimer', 'statusTimer', 'filterTimer', 'widgetTimer'] as const;
export type BookTimer = (typeof BOOK_TIMERS)[number];

/** What the timers need of the store's context (StoreContext has both). */
interface TimerContext {
  book: Record<BookTimer, unknown>;
  timers: Timers;
}

/** Runs `fn` once after `ms`, instead of any run of the same timer still pending. */
export function restartTimer(ctx: TimerContext, name: BookTimer, ms: number, fn: () => void): void {
  stopTimer(ctx, name);
  ctx.book[name] = ctx.timers.setTimeout(() => {
    ctx.book[name] = null;
    fn();
  }, ms);
}

/** Drops the timer's pending run, if any. */
export function stopTimer(ctx: TimerContext, name: BookTimer): void {
  if (ctx.book[name] === null) return;
  ctx.timers.clearTimeout(ctx.book[name]);
  ctx.book[name] = null;
}
