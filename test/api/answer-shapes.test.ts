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

  it('accepts absent or null optional fields and unknown extra fields', async () => {
    fake.always('reports.get_task_data', ok({ tasks: [{ id: 't1', name: null, extra: [1] }, { id: 't2' }] }));
    const answer = await client.reports.getTaskData({});
    expect(answer.tasks.map((t) => t.id)).toEqual(['t1', 't2']);
  });
});
