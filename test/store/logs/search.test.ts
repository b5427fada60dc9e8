// Log search over a log much longer than the window: the scan reads big pages without
// committing them, the window keeps its line budget throughout, Esc stops the fetching, and
// `/` in the logs starts a new query with the earlier ones one Up away. The scan runs as the
// store does by default (in this thread) and as the monitor does (in a worker, from dist/).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_WINDOW_LINES } from '../../../src/store/logs/fetch.js';
import { LOG_SCAN_MAX_BATCH } from '../../../src/store/logs/scan.js';
import { recalledQuery } from '../../../src/store/ui/prompt.js';
import type { StoreDeps } from '../../../src/store/index.js';
import type { MonitorState } from '../../../src/store/types.js';
import { builtScanWorker } from '../../helpers/scan-worker.js';
import { threadLogScanner } from '../../../src/store/logs/log-scan-thread.js';
import {
  addLogLines,
  countCalls,
  createTask,
  logRequests,
  monitorFixture,
  openLogsPane,
  type MonitorFixture,
} from '../../helpers/store-fixture.js';

const LINES = 30_000;
const NEEDLE_LINE = 7;
const LATER_NEEDLE_LINE = LINES - 5000;
const text = (i: number) => (i === NEEDLE_LINE || i === LATER_NEEDLE_LINE ? `line ${i} needle` : `line ${i}`);

let fx: MonitorFixture;

beforeAll(async () => {
  fx = await monitorFixture({ rows: 24 });
  const task = await createTask(fx.writer, 'very chatty');
  await addLogLines(fx.writer, task, 1, LINES, text);
}, 60_000);
afterAll(async () => {
  await fx.close();
});

const scanners: { where: string; deps: () => Partial<StoreDeps> }[] = [
  { where: 'in this thread', deps: () => ({}) },
  {
    where: 'in a worker',
    deps: () => ({
      logScanner: threadLogScanner({
        client: { apiHost: fx.proxy.url, accessKey: fx.server.accessKey, secretKey: fx.server.secretKey },
        token: () => fx.client.bearerToken(),
        workerUrl: builtScanWorker(),
      }),
    }),
  },
];

describe.each(scanners)('log search through a long log, scanning $where', ({ deps }) => {
  it('n scans up to matches far back and N back down, the window within its line budget all along', async () => {
    await openLogsPane(fx, deps());
    fx.proxy.reset();
    let mostLines = 0;
    const unsubscribe = fx.store.subscribe((s) => {
      mostLines = Math.max(mostLines, s.logs.lines.length);
    });
    try {
      const { actions } = fx.store.getState();
      actions.searchLog('NEEDLE');
      await fx.until((s) => s.logs.search?.status === 'found', 'the later match', 30_000);
      const later = fx.state().logs;
      expect(later.lines[later.search?.matchIndex ?? -1]?.text).toBe(`line ${LATER_NEEDLE_LINE} needle`);
      fx.proxy.reset();
      actions.searchNext();
      const moved = (s: MonitorState) =>
        s.logs.search?.status === 'found' && s.logs.search.matchId !== later.search?.matchId;
      await fx.until(moved, 'match', 30_000);
    } finally {
      unsubscribe();
    }
    const logs = fx.state().logs;
    expect(logs.lines[logs.search?.matchIndex ?? -1]?.text).toBe(`line ${NEEDLE_LINE} needle`);
    expect(mostLines).toBeLessThanOrEqual(LOG_WINDOW_LINES);
    // The lines scanned are the ones between the window and the match, counted once each.
    expect(logs.search?.linesScanned).toBeGreaterThan(LATER_NEEDLE_LINE - LOG_WINDOW_LINES - 1000);
    expect(logs.search?.linesScanned).toBeLessThanOrEqual(LATER_NEEDLE_LINE - NEEDLE_LINE + 1);
    // Pages grow to the largest a server gives instead of one screenful per request.
    const sizes = logRequests(fx).map((r) => r.batch_size as number);
    expect(Math.max(...sizes)).toBe(LOG_SCAN_MAX_BATCH);
    expect(sizes.length).toBeLessThan(20);

    // N goes back down (newer): a scan from the window's newest line to the later match.
    fx.store.getState().actions.searchPrev();
    await fx.until(
      (s) => s.logs.search?.status === 'found' && s.logs.search.matchId !== logs.search?.matchId,
      'the later match again',
      30_000,
    );
    const back = fx.state().logs;
    expect(back.lines[back.search?.matchIndex ?? -1]?.text).toBe(`line ${LATER_NEEDLE_LINE} needle`);
    expect(back.search?.direction).toBe('newer');
    expect(back.lines.length).toBeLessThanOrEqual(LOG_WINDOW_LINES);
  });

  it('Esc during a search aborts the request in flight and fetches nothing more', async () => {
    await openLogsPane(fx, deps());
    fx.proxy.delays.set('events.get_task_log', 150);
    try {
      const { actions } = fx.store.getState();
      actions.searchLog('no such text');
      await fx.until((s) => (s.logs.search?.pagesFetched ?? 0) >= 1, 'a scanned page');
      const started = countCalls(fx.proxy, 'events.get_task_log');
      actions.cancelSearch();
      expect(fx.state().logs.search?.status).toBe('cancelled');
      await new Promise((resolve) => setTimeout(resolve, 600));
      // The request on its way when Esc came may have reached the server; none after it.
      expect(countCalls(fx.proxy, 'events.get_task_log')).toBeLessThanOrEqual(started + 1);
      expect(fx.state().logs.search?.status).toBe('cancelled');
      expect(fx.state().logs.lines.length).toBeLessThanOrEqual(LOG_WINDOW_LINES);
    } finally {
      fx.proxy.delays.delete('events.get_task_log');
    }
  });

  it('a second / starts a new query; Up and Down walk the earlier ones', async () => {
    await openLogsPane(fx, deps());
    const { actions } = fx.store.getState();
    for (const query of ['first', 'second']) {
      actions.openPrompt();
      expect(fx.state().ui.prompt).toMatchObject({ kind: 'search', text: '' });
      actions.setPromptText(query);
      actions.submitPrompt();
      expect(fx.state().logs.search?.query).toBe(query);
      actions.cancelSearch();
    }
    actions.openPrompt();
    actions.setPromptText('thi');
    actions.recallSearch(-1);
    expect(fx.state().ui.prompt?.text).toBe('second');
    actions.recallSearch(-1);
    expect(fx.state().ui.prompt?.text).toBe('first');
    actions.recallSearch(-1);
    expect(fx.state().ui.prompt?.text).toBe('first');
    actions.recallSearch(1);
    actions.recallSearch(1);
    expect(fx.state().ui.prompt?.text).toBe('thi');
    actions.cancelPrompt();
  });
});

describe('search history steps', () => {
  it('Up from the typed line goes to the newest entry, Down past the newest back to the typed line', () => {
    expect(recalledQuery(['a', 'b'], null, -1)).toEqual({ index: 1 });
    expect(recalledQuery(['a', 'b'], 0, -1)).toBeUndefined();
    expect(recalledQuery(['a', 'b'], 1, 1)).toEqual({ index: null });
    expect(recalledQuery(['a', 'b'], null, 1)).toBeUndefined();
    expect(recalledQuery([], null, -1)).toBeUndefined();
  });
});
