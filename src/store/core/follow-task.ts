// What every slice that shows the selected task does: reset its panes the moment the selection
// changes, fetch what a shown pane lacks on `sync`, forget what it fetched on `refresh`, stop
// its pause when the store stops, and run one poller while a task is selected in the Tasks view.
import type { PollerName, SliceContext } from './context.js';
import type { OneShot } from './one-shot.js';
import type { Poller } from './poller.js';
import { sidePoller } from './pollers.js';

/** A follower's bookkeeping: its pause after a selection change, and what it fetched for (reset on refresh). */
interface FollowerBook {
  selectionTimer: OneShot;
}

export interface TaskFollower<C> {
  /** `pauseMs`: the wait before fetching for the new selection (the event's). */
  selected(ctx: C, id: string | null, pauseMs: number): void;
  sync(ctx: C): void;
  tick(ctx: C, signal: AbortSignal): Promise<void>;
  /** What `refresh` does besides forgetting the `fetchedFor` fields. */
  refresh?(ctx: C): void;
}

export function followSelectedTask<B extends FollowerBook>(
  ctx: SliceContext<B>,
  poller: PollerName,
  fetchedFor: readonly (keyof B)[],
  follower: TaskFollower<SliceContext<B>>,
): Poller {
  ctx.events.on('taskSelected', ({ id, pauseMs }) => follower.selected(ctx, id, pauseMs));
  ctx.events.on('sync', () => follower.sync(ctx));
  ctx.events.on('refresh', () => {
    for (const field of fetchedFor) (ctx.book as Record<keyof B, unknown>)[field] = null;
    follower.refresh?.(ctx);
  });
  ctx.events.on('stop', () => ctx.book.selectionTimer.stop());
  const wanted = () => ctx.get().ui.view === 'tasks' && ctx.get().tasks.selectedId !== null;
  return sidePoller(ctx, poller, null, wanted, (signal) => follower.tick(ctx, signal));
}

/** What a follower slice gives the composition root: its actions, its movers, its poller. */
export interface FollowerSlice<Actions, Api> {
  actions: Actions;
  api: Api;
  poller: Poller;
}
