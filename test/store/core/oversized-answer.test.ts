// An answer larger than the client reads: the shown list's call is named with its size in the
// connection state, the rows already on screen stay, and the same request is not downloaded
// again on every poll. A real node:http server stands in front of the embedded server and
// answers the list call with 200 MiB (test/helpers/huge-answers.ts).
import { afterEach, describe, expect, it } from 'vitest';
import type { MonitorState } from '../../../src/store/types.js';
import { frontedStore, type FrontedStore } from '../../helpers/fronted-store.js';
import { startHugeAnswers, type HugeAnswers } from '../../helpers/huge-answers.js';
import { createTask } from '../../helpers/store-fixture.js';
import { waitFor } from '../../helpers/timers.js';

const LIST = 'reports.get_task_data';
const INTERVAL_MS = 100;

let fx: FrontedStore<HugeAnswers> | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

function until(check: (s: MonitorState) => boolean, what: string): Promise<void> {
  return fx!.until(check, what, 8000);
}

describe('an oversized answer to the shown list', () => {
  it('names the call and its size, keeps the rows, and is not downloaded again on the next polls', async () => {
    fx = await frontedStore((serverUrl) => startHugeAnswers(200 * 1024 * 1024, serverUrl));
    const huge = fx.front;
    const task = await createTask(fx.writer, 'kept');
    const store = fx.open({ intervalMs: INTERVAL_MS, rows: 30 });
    store.getState().actions.start();
    await until((s) => s.connection.state === 'live' && s.tasks.ids.includes(task), 'live');

    huge.endpoints.add(LIST);
    await until((s) => s.connection.state === 'oversized', 'oversized');
    const s = store.getState();
    expect(s.connection.lastError).toBe(
      `${LIST}: answer too large (200 MiB announced; the limit is 64 MiB, raise it with --max-answer-mb); not read`,
    );
    expect(s.connection.staleSince).not.toBeNull();
    expect(s.tasks.ids).toEqual([task]);
    expect(s.tasks.error?.message).toContain('answer too large');

    // Ten more polls: each refused from memory, none sent.
    const asked = huge.requests.length;
    await waitFor(
      () => (store.getState().tasks.error?.message ?? '').includes('asked again in'),
      8000,
      'a poll refused from memory',
    );
    await new Promise((resolve) => setTimeout(resolve, 10 * INTERVAL_MS));
    expect(asked).toBe(1);
    expect(huge.requests.length).toBe(1);
    expect(store.getState().connection.state).toBe('oversized');
  });
});
