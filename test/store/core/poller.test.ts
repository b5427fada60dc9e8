import { describe, expect, it } from 'vitest';
import { Poller, type PollerOptions } from '../../../src/store/core/poller.js';
import { sleep, trackedTimers, waitFor } from '../../helpers/timers.js';

class Offline extends Error {}

function poller(overrides: Partial<PollerOptions> & Pick<PollerOptions, 'tick'>, timers = trackedTimers()) {
  const p = new Poller({
    name: 'test',
    intervalMs: 5,
    backoffBaseMs: 20,
    backoffCapMs: 80,
    timers,
    random: () => 1,
    now: Date.now,
    isEnabled: () => true,
    classify: (err) => (err instanceof Offline ? 'backoff' : 'normal'),
    isAbort: (err) => err instanceof Error && err.name === 'AbortError',
    ...overrides,
  });
  return { p, timers };
}

describe('Poller', () => {
  it('never runs two ticks at once, even when woken during a tick', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    let ticks = 0;
    const { p } = poller({
      tick: async () => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await sleep(15);
        ticks++;
        inFlight--;
      },
    });
    p.start();
    for (let i = 0; i < 20; i++) {
      p.wake();
      await sleep(3);
    }
    await waitFor(() => ticks >= 4);
    p.stop();
    expect(maxInFlight).toBe(1);
  });

  it('runs once more right after the current tick when woken during it', async () => {
    const starts: number[] = [];
    const { p } = poller({
      intervalMs: null,
      tick: async () => {
        starts.push(Date.now());
        await sleep(20);
      },
    });
    p.start();
    await waitFor(() => starts.length === 1);
    p.wake();
    p.wake();
    await waitFor(() => starts.length === 2);
    await sleep(40);
    p.stop();
    expect(starts).toHaveLength(2);
  });

  it('backs off exponentially up to the cap on connection failures and reports each retry', async () => {
    const retries: { attempt: number; delay: number }[] = [];
    let failuresLeft = 4;
    let successes = 0;
    const { p } = poller({
      tick: async () => {
        if (failuresLeft > 0) {
          failuresLeft--;
          throw new Offline();
        }
        successes++;
      },
      onFailure: (_err, retry) => {
        if (retry) retries.push({ attempt: retry.attempt, delay: retry.at - Date.now() });
      },
    });
    p.start();
    await waitFor(() => successes > 0, 2000);
    p.stop();
    expect(retries.map((r) => r.attempt)).toEqual([1, 2, 3, 4]);
    // random() = 1 gives the full ceiling: 20, 40, 80, then capped at 80.
    expect(retries.map((r) => Math.round(r.delay / 10) * 10)).toEqual([20, 40, 80, 80]);
    expect(p.failureCount).toBe(0);
  });

  it('keeps the normal cadence after a failure that is not connection trouble', async () => {
    const seen: (unknown | null)[] = [];
    let ticks = 0;
    const { p } = poller({
      intervalMs: 10,
      tick: async () => {
        ticks++;
        throw new Error('bad data');
      },
      onFailure: (_err, retry) => seen.push(retry),
    });
    p.start();
    await waitFor(() => ticks >= 3);
    p.stop();
    expect(seen.every((r) => r === null)).toBe(true);
    expect(p.failureCount).toBe(0);
  });

  it('stop() aborts the running tick and leaves no timer behind', async () => {
    let signal: AbortSignal | undefined;
    const { p, timers } = poller({
      tick: (s) => {
        signal = s;
        return new Promise((_resolve, reject) =>
          s.addEventListener('abort', () => reject(Object.assign(new Error('x'), { name: 'AbortError' }))),
        );
      },
    });
    p.start();
    await waitFor(() => signal !== undefined);
    p.stop();
    expect(signal?.aborted).toBe(true);
    await p.whenIdle();
    await sleep(20);
    expect(timers.pending()).toBe(0);
    expect(p.isRunning).toBe(false);
  });

  it('restart() drops the running tick and starts a fresh one', async () => {
    const signals: AbortSignal[] = [];
    const { p } = poller({
      intervalMs: null,
      tick: async (s) => {
        signals.push(s);
        await sleep(30);
      },
    });
    p.start();
    await waitFor(() => signals.length === 1);
    p.restart();
    expect(signals[0]?.aborted).toBe(true);
    await waitFor(() => signals.length === 2);
    expect(signals[1]?.aborted).toBe(false);
    p.stop();
  });

  it('sleeps while disabled and runs when woken after being enabled', async () => {
    let enabled = false;
    let ticks = 0;
    const { p, timers } = poller({
      isEnabled: () => enabled,
      tick: async () => {
        ticks++;
      },
    });
    p.start();
    await sleep(30);
    expect(ticks).toBe(0);
    expect(timers.pending()).toBe(0);
    enabled = true;
    p.wake();
    await waitFor(() => ticks > 0);
    p.stop();
  });

  it('tells when a tick runs past its deadline, once, and lets the tick go on', async () => {
    const durations = [5, 60];
    let overdue = 0;
    let ticks = 0;
    const { p, timers } = poller({
      intervalMs: null,
      overdueAfterMs: () => 30,
      onOverdue: () => overdue++,
      tick: async () => {
        await sleep(durations[ticks] ?? 0);
        ticks++;
      },
    });
    p.start();
    await waitFor(() => ticks === 1);
    expect(overdue).toBe(0);
    expect(p.lastDurationMs).toBeLessThan(30);
    p.wake();
    await waitFor(() => ticks === 2);
    expect(overdue).toBe(1);
    expect(p.lastDurationMs).toBeGreaterThanOrEqual(55);
    p.stop();
    await sleep(20);
    expect(timers.pending()).toBe(0);
  });

  it('uses the cap a failure asks for, and starts over from the first delay after resetBackoff()', async () => {
    class Refused extends Offline {}
    const delays: number[] = [];
    let failures = 0;
    const { p } = poller({
      backoffCapFor: (err) => (err instanceof Refused ? 400 : 80),
      tick: async () => {
        failures++;
        throw failures <= 4 ? new Refused() : new Offline();
      },
      onFailure: (_err, retry) => {
        if (retry) delays.push(Math.round((retry.at - Date.now()) / 10) * 10);
      },
    });
    p.start();
    await waitFor(() => failures >= 4, 3000);
    p.resetBackoff();
    await waitFor(() => failures >= 5, 3000);
    p.stop();
    // 20, 40, 80, 160 under the long cap; then the first delay again (reset), under the short cap.
    expect(delays.slice(0, 5)).toEqual([20, 40, 80, 160, 20]);
  });
});
