// An answer larger than the client reads: the shown list's call is named with its size in the
// connection state, the rows already on screen stay, and the same request is not downloaded
// again on every poll. A real node:http server stands in front of the embedded server and
// answers the list call with 200 MiB (test/helpers/huge-answers.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { createClient, type ApiClient } from '../../../src/api/index.js';
import { createMonitorStore } from '../../../src/store/index.js';
import type { MonitorState, MonitorStore } from '../../../src/store/types.js';
import { startHugeAnswers, type HugeAnswers } from '../../helpers/huge-answers.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { createTask } from '../../helpers/store-fixture.js';
import { waitFor } from '../../helpers/timers.js';

const LIST = 'reports.get_task_data';
const INTERVAL_MS = 100;

let server: TestServer | undefined;
let huge: HugeAnswers | undefined;
let client: ApiClient | undefined;
let writer: ApiClient | undefined;
let store: MonitorStore | undefined;

afterEach(async () => {
  store?.getState().actions.stop();
  await client?.close();
  await writer?.close();
  await huge?.close();
  await server?.close();
  store = client = writer = huge = server = undefined;
});

function until(check: (s: MonitorState) => boolean, what: string): Promise<void> {
  return waitFor(() => check(store!.getState()), 8000, what);
}

describe('an oversized answer to the shown list', () => {
  it('names the call and its size, keeps the rows, and is not downloaded again on the next polls', async () => {
    server = await startTestServer();
    const keys = { accessKey: server.accessKey, secretKey: server.secretKey };
    writer = createClient({ apiHost: server.url, ...keys });
    huge = await startHugeAnswers(200 * 1024 * 1024, server.url);
    client = createClient({ apiHost: huge.url, ...keys });
    const task = await createTask(writer, 'kept');
    store = createMonitorStore({ client, intervalMs: INTERVAL_MS, rows: 30, cols: 120, random: () => 1 });
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
      () => (store!.getState().tasks.error?.message ?? '').includes('asked again in'),
      8000,
      'a poll refused from memory',
    );
    await new Promise((resolve) => setTimeout(resolve, 10 * INTERVAL_MS));
    expect(asked).toBe(1);
    expect(huge.requests.length).toBe(1);
    expect(store.getState().connection.state).toBe('oversized');
  });
});
