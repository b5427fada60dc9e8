import { describe, expect, it } from 'vitest';
import { BOOK_TIMERS, restartTimer, stopTimer, type BookTimer } from '../../../src/store/core/book-timers.js';
import { trackedTimers, waitFor } from '../../helpers/timers.js';

function timerContext() {
  const book = Object.fromEntries(BOOK_TIMERS.map((name) => [name, null])) as Record<BookTimer, unknown>;
  return { book, timers: trackedTimers() };
}

describe('store timers by name', () => {
  it('restarting a timer replaces its pending run: only the last one runs, once', async () => {
    const ctx = timerContext();
    const ran: string[] = [];
    restartTimer(ctx, 'filterTimer', 10, () => ran.push('first'));
    restartTimer(ctx, 'filterTimer', 10, () => ran.push('second'));
    expect(ctx.timers.pending()).toBe(1);
    await waitFor(() => ran.length > 0, 2000, 'the timer');
    expect(ran).toEqual(['second']);
    expect(ctx.book.filterTimer).toBeNull();
    expect(ctx.timers.pending()).toBe(0);
  });

  it('stopping a timer drops its run and leaves the other names alone', async () => {
    const ctx = timerContext();
    const ran: string[] = [];
    restartTimer(ctx, 'statusTimer', 5, () => ran.push('status'));
    restartTimer(ctx, 'widgetTimer', 30, () => ran.push('widget'));
    stopTimer(ctx, 'statusTimer');
    expect(ctx.book.statusTimer).toBeNull();
    expect(ctx.book.widgetTimer).not.toBeNull();
    await waitFor(() => ran.length > 0, 2000, 'the widget timer');
    expect(ran).toEqual(['widget']);
    expect(ctx.timers.pending()).toBe(0);
    // Stopping a timer with nothing pending is harmless.
    stopTimer(ctx, 'statusTimer');
    expect(ctx.book.statusTimer).toBeNull();
  });
});
