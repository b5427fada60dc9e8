// A server that puts every event of one timestamp in the same page, whatever batch_size asks
// (real ClearML servers do: docs/wire-facts.md §6.4), answering 50,000 log events of one
// timestamp: the monitor keeps its window bounded, says what it left out, and pages on to the
// older events; enter on a 5 MB message reads it whole. The pages come from a real node:http
// server in front of the embedded server (test/helpers/log-pages.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { LOG_WINDOW_LINES } from '../../../src/store/logs/fetch.js';
import type { MonitorState, MonitorStore } from '../../../src/store/types.js';
import { frontedStore, type FrontedStore } from '../../helpers/fronted-store.js';
import { startLogPages, type LogPagesServer } from '../../helpers/log-pages.js';
import { createTask } from '../../helpers/store-fixture.js';

let fx: FrontedStore<LogPagesServer> | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

const T = 1_700_000_000_000;

function until(check: (s: MonitorState) => boolean, what: string): Promise<void> {
  return fx!.until(check, what, 10_000);
}

async function monitorOf(log: { timestamp: number; msg: string }[]): Promise<MonitorStore> {
  fx = await frontedStore(startLogPages);
  fx.front.log.push(...log);
  await createTask(fx.writer, 'chatty');
  const store = fx.open({ intervalMs: 200, rows: 40 });
  const { actions } = store.getState();
  actions.setPaneRows('logs', 20);
  actions.focusPane('logs');
  actions.start();
  return store;
}

describe('a page of 50,000 log events with one timestamp', () => {
  it('keeps the window bounded, names what it left out, and pages on to the older events', async () => {
    const older = Array.from({ length: 300 }, (_, i) => ({ timestamp: T - 1000 + i, msg: `older ${i}` }));
    const same = Array.from({ length: 50_000 }, (_, i) => ({ timestamp: T, msg: `same ${i}` }));
    await monitorOf([...older, ...same]);
    await until((s) => s.logs.lines.length > 0 && !s.logs.loadingNewer, 'the newest page');
    let logs = fx!.store.getState().logs;
    expect(logs.lines.length).toBeLessThanOrEqual(LOG_WINDOW_LINES);
    expect(logs.lines[0]?.text).toMatch(/^… 48,001 more log events with this timestamp not shown/);
    expect(logs.lines.at(-1)?.text).toBe('same 49999');
    expect(fx!.front.requests[0]).toMatchObject({ navigate_earlier: true });
    expect(fx!.front.requests[0]?.batch_size).toBeLessThanOrEqual(500);

    // Up to the top of the window: the older events come next, each once.
    fx!.store.getState().actions.moveSelection(-LOG_WINDOW_LINES);
    // One older page of batch_size events at a time (the first one from the group's timestamp).
    await until((s) => s.logs.lines[0]?.text === 'older 100', 'the first older page');
    fx!.store.getState().actions.moveSelection(-LOG_WINDOW_LINES);
    await until((s) => s.logs.lines.some((l) => l.text === 'older 0'), 'the older events');
    expect(fx!.front.requests.some((r) => r.navigate_earlier === true && r.from_timestamp === T)).toBe(true);
    logs = fx!.store.getState().logs;
    const olderShown = logs.lines.filter((l) => l.text.startsWith('older ')).map((l) => l.text);
    expect(olderShown).toEqual(older.map((e) => e.msg));
    expect(logs.lines.length).toBeLessThanOrEqual(LOG_WINDOW_LINES);
  });
});

describe('a 5 MB message', () => {
  it('shows its start in the log pane and opens whole in the viewer', async () => {
    const msg = `START${'m'.repeat(5_000_000)}END`;
    await monitorOf([
      { timestamp: T - 1, msg: 'before' },
      { timestamp: T, msg },
    ]);
    await until((s) => s.logs.lines.length === 2 && !s.logs.loadingNewer, 'the log');
    const line = fx!.store.getState().logs.lines[1]!;
    expect(line.text.length).toBeLessThan(70_000);
    expect(line.text).toMatch(/^STARTm* … [\d,]+ more characters \(enter reads the whole message\)$/);
    fx!.store.getState().actions.openSelectedText();
    expect(fx!.store.getState().ui.viewer?.text).toBe(msg);
  });
});
