import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_WINDOW_LINES } from '../../../src/store/logs/fetch.js';
import {
  addLogLines,
  countCalls,
  createTask,
  logRequests,
  monitorFixture,
  openLogsPane,
  type MonitorFixture,
} from '../../helpers/store-fixture.js';
import { waitFor } from '../../helpers/timers.js';

const LINES = 5000;
const NEEDLE_LINE = 42;
const text = (i: number) => (i === NEEDLE_LINE ? `line ${i} needle` : `line ${i}`);

let fx: MonitorFixture;
let task: string;

// One server with a 5,000-line task for the whole file; each test opens the log afresh.
beforeAll(async () => {
  fx = await monitorFixture({ rows: 24 });
  task = await createTask(fx.writer, 'chatty');
  await addLogLines(fx.writer, task, 1, LINES, text);
});
afterAll(async () => {
  await fx.close();
});

describe('monitor store: logs of a long task', () => {
  it('opens on the newest page, following', async () => {
    await openLogsPane(fx);
    const logs = fx.state().logs;
    expect(logs.lines[logs.lines.length - 1]?.text).toBe(`line ${LINES}`);
    expect(logs).toMatchObject({ atEnd: true, atStart: false, follow: true, top: logs.lines.length - 20 });
    expect(logRequests(fx)[0]).toMatchObject({ task, navigate_earlier: true });
    expect(logRequests(fx)[0]?.from_timestamp).toBeUndefined();
  });

  it('scrolling up fetches older pages by timestamp and keeps the window bounded', async () => {
    await openLogsPane(fx);
    fx.proxy.reset();
    const { actions } = fx.store.getState();
    for (let i = 0; i < 200; i++) {
      actions.page(-1);
      await waitFor(() => !fx.state().logs.loadingOlder, 5000, 'page loaded');
    }
    const logs = fx.state().logs;
    expect(logs.follow).toBe(false);
    expect(logs.atEnd).toBe(false);
    expect(logs.lines.length).toBeLessThanOrEqual(LOG_WINDOW_LINES);
    const older = logRequests(fx);
    expect(older.length).toBeGreaterThan(3);
    for (const req of older) expect(req).toMatchObject({ navigate_earlier: true, from_timestamp: expect.any(Number) });
    // Each older page starts where the window began: timestamps only go back.
    const froms = older.map((r) => r.from_timestamp as number);
    expect([...froms].sort((a, b) => b - a)).toEqual(froms);
  });

  it('knows how many lines lie after the window once it scrolled away from the end', async () => {
    await openLogsPane(fx);
    const { actions } = fx.store.getState();
    for (let i = 0; i < 120; i++) {
      actions.page(-1);
      await waitFor(() => !fx.state().logs.loadingOlder, 5000, 'page loaded');
    }
    const logs = fx.state().logs;
    expect(logs.atEnd).toBe(false);
    expect(logs.newerHidden).toBeGreaterThan(0);
    // The top line is `line K`: 5,000 - K lines of the log come after it.
    const k = Number(/^line (\d+)/.exec(logs.lines[logs.top]?.text ?? '')?.[1]);
    expect((logs.newerHidden ?? 0) + logs.lines.length - 1 - logs.top).toBe(LINES - k);
    expect(logs.olderHidden).toBeNull();
    actions.toTop();
    await fx.until((s) => s.logs.atStart && s.logs.lines[0]?.text === 'line 1', 'first line');
    expect(fx.state().logs.olderHidden).toBe(0);
  });

  it('jumpToStart shows line 1 however long the log, jumpToEnd the last line again', async () => {
    await openLogsPane(fx);
    const { actions } = fx.store.getState();
    actions.toTop();
    await fx.until((s) => s.logs.atStart && s.logs.lines[0]?.text === 'line 1', 'first line');
    expect(fx.state().logs).toMatchObject({ top: 0, follow: false });
    const first = logRequests(fx).pop();
    expect(first).toMatchObject({ navigate_earlier: false });
    expect(first?.from_timestamp).toBeUndefined();
    // Scrolling down from the start fetches newer pages.
    for (let i = 0; i < 40; i++) {
      actions.page(1);
      await waitFor(() => !fx.state().logs.loadingNewer, 5000, 'newer page');
    }
    expect(logRequests(fx).some((r) => r.navigate_earlier === false && typeof r.from_timestamp === 'number')).toBe(
      true,
    );
    actions.toBottom();
    await fx.until((s) => s.logs.atEnd && s.logs.lines[s.logs.lines.length - 1]?.text === `line ${LINES}`, 'last line');
    const logs = fx.state().logs;
    expect(logs.follow).toBe(true);
    expect(logs.lines[logs.top + 19]?.text).toBe(`line ${LINES}`);
  });

  it('follow picks up new lines when the task moves', async () => {
    await openLogsPane(fx);
    await addLogLines(fx.writer, task, LINES + 1, LINES + 3, (i) => `fresh ${i}`);
    await fx.until((s) => s.logs.lines[s.logs.lines.length - 1]?.text === `fresh ${LINES + 3}`, 'new lines');
    const logs = fx.state().logs;
    expect(logs.follow).toBe(true);
    expect(logs.top).toBe(logs.lines.length - 20);
    const newer = logRequests(fx).pop();
    expect(newer).toMatchObject({ navigate_earlier: false, from_timestamp: expect.any(Number) });
  });

  it('with follow off, counts the lines that arrive below the view', async () => {
    await openLogsPane(fx);
    const { actions } = fx.store.getState();
    actions.page(-1);
    expect(fx.state().logs.follow).toBe(false);
    const topLine = fx.state().logs.lines[fx.state().logs.top]?.id;
    const before = fx.state().logs.lines.length;
    await addLogLines(fx.writer, task, LINES + 10, LINES + 14, (i) => `unseen ${i}`);
    await fx.until((s) => s.logs.unseen === 5, 'five new lines counted');
    const logs = fx.state().logs;
    expect(logs.follow).toBe(false);
    expect(logs.lines.length).toBe(before + 5);
    expect(logs.lines[logs.top]?.id).toBe(topLine);
    actions.toBottom();
    await fx.until((s) => s.logs.follow && s.logs.unseen === 0, 'following again');
  });

  it('search keeps fetching older pages until it finds the match', async () => {
    await openLogsPane(fx);
    fx.proxy.reset();
    const { actions } = fx.store.getState();
    actions.searchLog('NEEDLE');
    await fx.until((s) => s.logs.search?.status === 'found', 'match', 15_000);
    const logs = fx.state().logs;
    const index = logs.search?.matchIndex ?? -1;
    expect(logs.lines[index]?.text).toBe(`line ${NEEDLE_LINE} needle`);
    expect(logs.search?.pagesFetched).toBeGreaterThan(1);
    expect(index).toBeGreaterThanOrEqual(logs.top);
    expect(index).toBeLessThan(logs.top + 20);
    expect(logs.lines.length).toBeLessThanOrEqual(LOG_WINDOW_LINES);
  });

  it('a search with no match stops at the start of the log', async () => {
    await openLogsPane(fx);
    const { actions } = fx.store.getState();
    actions.searchLog('no such text');
    const before = fx.state().logs;
    await fx.until((s) => s.logs.search?.status === 'not-found', 'not found', 15_000);
    // Every line older than the window was scanned, and the view stayed where it was.
    const logs = fx.state().logs;
    // (other tests here add a few lines after the first 5,000)
    expect((logs.search?.linesScanned ?? 0) + before.lines.length).toBeGreaterThanOrEqual(LINES);
    expect(logs.lines[logs.top]?.id).toBe(before.lines[before.top]?.id);
  });

  it('cancelling a search stops fetching pages', async () => {
    await openLogsPane(fx);
    fx.proxy.delays.set('events.get_task_log', 100);
    try {
      const { actions } = fx.store.getState();
      actions.searchLog('no such text');
      await fx.until((s) => (s.logs.search?.pagesFetched ?? 0) >= 1, 'a page fetched');
      actions.cancelSearch();
      expect(fx.state().logs.search?.status).toBe('cancelled');
      // A request already on its way when cancelled may still reach the proxy (aborted there).
      await new Promise((resolve) => setTimeout(resolve, 150));
      const seen = countCalls(fx.proxy, 'events.get_task_log');
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(countCalls(fx.proxy, 'events.get_task_log')).toBe(seen);
      expect(fx.state().logs.atStart).toBe(false);
    } finally {
      fx.proxy.delays.delete('events.get_task_log');
    }
  });
});
