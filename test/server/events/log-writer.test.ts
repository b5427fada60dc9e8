// The log writer holds rows back for multi-row INSERTs: every log of a batch must still be
// stored, in order, with logs sharing a timestamp in the order they were sent, whichever way
// the batch's timestamps run and wherever a multi-row INSERT ends.
import { describe, expect, it } from 'vitest';
import { withEventsHarness } from '../../helpers/events-harness.js';
import { add, range } from '../../helpers/events-seed.js';

const h = withEventsHarness();

const log = (task: string, i: number, timestamp: number) => ({ task, type: 'log', iter: i, msg: `m${i}`, timestamp });

async function storedOldestFirst(task: string): Promise<string[]> {
  const page = await h.call('events.get_task_log', { task, batch_size: 10_000, navigate_earlier: false });
  return (page.data.events as { msg: string }[]).map((e) => e.msg);
}

/** The messages of `logs` in the order the store keeps them: by timestamp, ties as sent. */
function expectedOrder(logs: { msg: string; timestamp: number }[]): string[] {
  return logs
    .map((l, sent) => ({ ...l, sent }))
    .sort((a, b) => a.timestamp - b.timestamp || a.sent - b.sent)
    .map((l) => l.msg);
}

describe('log writer', () => {
  it.each([1, 63, 64, 65, 128, 129, 1000])('stores all %i logs of a batch in time order', async (n) => {
    const t = h.task();
    const logs = range(n, (i) => log(t, i, 1000 + i));
    await add(h, logs);
    expect(await storedOldestFirst(t)).toEqual(expectedOrder(logs));
  });

  it('orders logs that go back in time to a timestamp still waiting to be written', async () => {
    const t = h.task();
    // Timestamps cycle 0..9 and back, so most logs land on a timestamp the batch already used,
    // often one whose rows have not reached SQLite yet.
    const logs = range(300, (i) => log(t, i, 5000 + ((i * 7) % 10)));
    await add(h, logs);
    expect(await storedOldestFirst(t)).toEqual(expectedOrder(logs));
    const more = range(150, (i) => log(t, 300 + i, 5000 + ((i * 3) % 12)));
    await add(h, more);
    expect(await storedOldestFirst(t)).toEqual(expectedOrder([...logs, ...more]));
  });

  it('keeps the logs of several tasks in one batch apart', async () => {
    const [a, b] = [h.task(), h.task()];
    const logs = range(200, (i) => log(i % 2 === 0 ? a : b, i, 100 + (i % 5)));
    await add(h, logs);
    expect(await storedOldestFirst(a)).toEqual(expectedOrder(logs.filter((l) => l.task === a)));
    expect(await storedOldestFirst(b)).toEqual(expectedOrder(logs.filter((l) => l.task === b)));
  });
});
