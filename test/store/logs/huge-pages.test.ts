// A server that puts every event of one timestamp in the same page, whatever batch_size asks
// (real ClearML servers do: docs/wire-facts.md §6.4), answering 50,000 log events of one
// timestamp: the monitor keeps its window bounded, says what it left out, and pages on to the
// older events; enter on a 5 MB message reads it whole. The pages come from a real node:http
// server in front of the embedded server (test/helpers/log-pages.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { createClient, type ApiClient } from '../../../src/api/index.js';
import { createMonitorStore } from '../../../src/store/index.js';
import { LOG_WINDOW_LINES } from '../../../src/store/logs/fetch.js';
import type { MonitorState, MonitorStore } from '../../../src/store/types.js';
import { startLogPages, type LogPagesServer } from '../../helpers/log-pages.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { createTask } from '../../helpers/store-fixture.js';
import { waitFor } from '../../helpers/timers.js';

let server: TestServer | undefined;
let pages: LogPagesServer | undefined;
let client: ApiClient | undefined;
let writer: ApiClient | undefined;
let store: MonitorStore | undefined;

afterEach(async () => {
  store?.getState().actions.stop();
  await client?.close();
  await writer?.close();
  await pages?.close();
  await server?.close();
  store = client = writer = pages = server = undefined;
});

const T = 1_700_000_000_000;

function until(check: (s: MonitorState) => boolean, what: string): Promise<void> {
  return waitFor(() => check(store!.getState()), 10_000, what);
}

async function monitorOf(log: { timestamp: number; msg: string }[]): Promise<MonitorStore> {
  server = await startTestServer();
  const keys = { accessKey: server.accessKey, secretKey: server.secretKey };
  writer = createClient({ apiHost: server.url, ...keys });
  pages = await startLogPages(server.url);
  pages.log.push(...log);
  client = createClient({ apiHost: pages.url, ...keys });
  await createTask(writer, 'chatty');
  store = createMonitorStore({ client, intervalMs: 200, rows: 40, cols: 120, random: () => 1 });
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
    let logs = store!.getState().logs;
    expect(logs.lines.length).toBeLessThanOrEqual(LOG_WINDOW_LINES);
    expect(logs.lines[0]?.text).toMatch(/^… 48,001 more log events with this timestamp not shown/);
    expect(logs.lines.at(-1)?.text).toBe('same 49999');
    expect(pages!.requests[0]).toMatchObject({ navigate_earlier: true });
    expect(pages!.requests[0]?.batch_size).toBeLessThanOrEqual(500);

    // Up to the top of the window: the older events come next, each once.
    store!.getState().actions.moveSelection(-LOG_WINDOW_LINES);
    // One older page of batch_size events at a time (the first one from the group's timestamp).
    await until((s) => s.logs.lines[0]?.text === 'older 100', 'the first older page');
    store!.getState().actions.moveSelection(-LOG_WINDOW_LINES);
    await until((s) => s.logs.lines.some((l) => l.text === 'older 0'), 'the older events');
    expect(pages!.requests.some((r) => r.navigate_earlier === true && r.from_timestamp === T)).toBe(true);
    logs = store!.getState().logs;
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
    const line = store!.getState().logs.lines[1]!;
    expect(line.text.length).toBeLessThan(70_000);
    expect(line.text).toMatch(/^STARTm* … [\d,]+ more characters \(enter reads the whole message\)$/);
    store!.getState().actions.openSelectedText();
    expect(store!.getState().ui.viewer?.text).toBe(msg);
  });
});
