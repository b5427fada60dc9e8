// tracktop's server ends a log page at batch_size even inside one timestamp and gives each log
// its `seq`; the monitor pages on with `from_seq`, so logs sharing a timestamp split by a page
// boundary all reach the window, each once (with `from_timestamp` alone the rest of that
// timestamp would be skipped). Real embedded server, through the counting proxy.
import { afterEach, describe, expect, it } from 'vitest';
import { LOG_WINDOW_LINES } from '../../../src/store/logs/fetch.js';
import { createTask, logRequests, monitorFixture, type MonitorFixture } from '../../helpers/store-fixture.js';

let fx: MonitorFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

const T = 1_700_000_000_000;

describe('logs that share one timestamp across pages', () => {
  it('reach the window each once, paged with from_seq', async () => {
    fx = await monitorFixture();
    const task = await createTask(fx.writer, 'one-timestamp');
    const count = 1200;
    expect(count).toBeLessThan(LOG_WINDOW_LINES);
    // The same text twice over: lines alike in all but their place are still distinct lines.
    const events = Array.from({ length: count }, (_, i) => ({
      type: 'log' as const,
      task,
      level: 'info',
      msg: `step ${i % (count / 2)}`,
      timestamp: T,
    }));
    await fx.writer.events.addBatch(events);
    const { actions } = fx.store.getState();
    actions.setPaneRows('logs', 20);
    actions.focusPane('logs');
    actions.start();
    await fx.until((s) => s.logs.lines.length > 0 && !s.logs.loadingNewer, 'the newest page');
    // Up through the window until the start of the log is loaded.
    for (let i = 0; i < 10 && !fx.state().logs.atStart; i++) {
      fx.store.getState().actions.moveSelection(-LOG_WINDOW_LINES);
      await fx.until((s) => !s.logs.loadingOlder, 'an older page', 15_000);
    }
    const lines = fx.state().logs.lines.map((l) => l.text);
    expect(lines).toHaveLength(count);
    expect(lines).toEqual(events.map((e) => e.msg));
    expect(logRequests(fx).some((r) => r.navigate_earlier === true && typeof r.from_seq === 'number')).toBe(true);
  });
});
