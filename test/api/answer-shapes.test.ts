// The client names answers it cannot use. A scripted fake server is needed: the embedded
// server never sends null lists or wrong types.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, isApiError, type ApiClient } from '../../src/api/index.js';
import { FakeServer, ok } from '../helpers/fake-server.js';

let fake: FakeServer;
let client: ApiClient;
beforeEach(async () => {
  fake = await FakeServer.start();
  client = createClient({ apiHost: fake.url, accessKey: 'a', secretKey: 'b' });
});
afterEach(async () => {
  await client.close();
  await fake.close();
});

async function failure(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (err) {
    return err;
  }
  throw new Error('the call succeeded');
}

describe('client: answers of the wrong shape', () => {
  it('rejects a null list as malformed data of that endpoint', async () => {
    fake.always('events.get_task_log', ok({ events: null, total: 0 }));
    const err = await failure(client.events.getTaskLog({ task: 't1' }));
    expect(isApiError(err) && err.kind).toBe('malformed');
    expect(isApiError(err) && err.describe()).toBe(
      'server answered malformed data for events.get_task_log: events is null, expected an array',
    );
  });

  it('rejects a row field of the wrong type, naming the row', async () => {
    fake.always(
      'reports.get_task_data',
      ok({
        tasks: [
          { id: 't1', name: 'a' },
          { id: 't2', status: 7 },
        ],
      }),
    );
    const err = await failure(client.reports.getTaskData({}));
    expect(isApiError(err) && err.message).toBe('tasks[1].status is a number, expected a string');
  });

  it('names a cluster answer the view could not draw', async () => {
    fake.always('workers.get_all', ok({ workers: [{ id: 'w1', queues: null }, { queues: [] }] }));
    const workers = await failure(client.workers.getAll({}));
    expect(isApiError(workers) && workers.message).toBe('workers[1].id is missing, expected a string');
    fake.always('queues.get_all_ex', ok({ queues: [{ id: 'q1', name: 'default', entries: [{ task: 'plain-id' }] }] }));
    const queues = await failure(client.queues.getAllEx({}));
    expect(isApiError(queues) && queues.message).toBe('queues[0].entries[0].task is a string, expected an object');
    fake.always('workers.get_stats', ok({ workers: null }));
    const stats = await failure(
      client.workers.getStats({
        from_date: 0,
        to_date: 60,
        interval: 60,
        items: [{ key: 'cpu_usage', aggregation: 'avg' }],
      }),
    );
    expect(isApiError(stats) && stats.kind).toBe('malformed');
  });

  it('accepts absent or null optional fields and unknown extra fields', async () => {
    fake.always('reports.get_task_data', ok({ tasks: [{ id: 't1', name: null, extra: [1] }, { id: 't2' }] }));
    const answer = await client.reports.getTaskData({});
    expect(answer.tasks.map((t) => t.id)).toEqual(['t1', 't2']);
  });
});
