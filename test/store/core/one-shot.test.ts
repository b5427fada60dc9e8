import { describe, expect, it } from 'vitest';
import { OneShot } from '../../../src/store/core/one-shot.js';
import { trackedTimers, waitFor } from '../../helpers/timers.js';

describe('a one-shot timer a slice keeps', () => {
  it('restarting it replaces its pending run: only the last one runs, once', async () => {
    const timers = trackedTimers();
    const timer = new OneShot(timers);
    const ran: string[] = [];
    timer.restart(10, () => ran.push('first'));
    timer.restart(10, () => ran.push('second'));
    expect(timers.pending()).toBe(1);
    expect(timer.pending).toBe(true);
    await waitFor(() => ran.length > 0, 2000, 'the timer');
    expect(ran).toEqual(['second']);
    expect(timer.pending).toBe(false);
    expect(timers.pending()).toBe(0);
  });

  it('stopping it drops its run and leaves other timers alone', async () => {
    const timers = trackedTimers();
    const first = new OneShot(timers);
    const second = new OneShot(timers);
    const ran: string[] = [];
    first.restart(5, () => ran.push('first'));
    second.restart(30, () => ran.push('second'));
    first.stop();
    expect(first.pending).toBe(false);
    expect(second.pending).toBe(true);
    await waitFor(() => ran.length > 0, 2000, 'the other timer');
    expect(ran).toEqual(['second']);
  });
});
