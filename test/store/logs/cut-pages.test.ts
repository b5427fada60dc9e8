// Log pages the server cuts at its byte bound (8 MB, `more: true`) are not the log's end: the
// window does not claim to hold the log's first line, and a search goes on past them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventInput } from '../../../src/wire/events.js';
import { createTask, monitorFixture, openLogsPane, type MonitorFixture } from '../../helpers/store-fixture.js';

/** 300 lines of 60,000 characters: 18 MB, more than two cut pages. */
const LINES = 300;
const WIDTH = 60_000;
const line = (i: number) => `line ${i} `.padEnd(WIDTH, 'x');

let fx: MonitorFixture;
let task: string;

beforeAll(async () => {
  fx = await monitorFixture({ rows: 24 });
  task = await createTask(fx.writer, 'wide');
  for (let start = 1; start <= LINES; start += 25) {
    const events: EventInput[] = [];
    for (let i = start; i < start + 25; i++)
      events.push({ type: 'log', task, msg: line(i), level: 'info', timestamp: 1_700_000_000_000 + i });
    await fx.writer.events.addBatch(events);
  }
}, 60_000);
afterAll(async () => {
  await fx.close();
});

describe('monitor store: log pages cut at the server byte bound', () => {
  it('a newest page cut short still has older lines before it', async () => {
    await openLogsPane(fx);
    const answers = fx.proxy.calls.filter((c) => c.endpoint === 'events.get_task_log');
    expect(answers.length).toBeGreaterThan(0);
    const logs = fx.state().logs;
    expect(logs.lines.length).toBeGreaterThan(0);
    expect(logs.lines.length).toBeLessThan(LINES);
    expect(logs.atStart).toBe(false);
  });

  it('a search for the first line goes on past the cut pages and finds it', async () => {
    await openLogsPane(fx);
    fx.store.getState().actions.searchLog('line 1 x');
    await fx.until((s) => s.logs.search !== null && s.logs.search.status !== 'searching', 'search over', 30_000);
    expect(fx.state().logs.search?.status).toBe('found');
    const logs = fx.state().logs;
    expect(logs.lines[logs.search?.matchIndex ?? -1]?.plain.startsWith('line 1 x')).toBe(true);
  }, 40_000);
});
