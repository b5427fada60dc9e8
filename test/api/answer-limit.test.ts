// Every answer is bounded: the client stops reading an answer the moment it passes the bound
// (announced by Content-Length or counted as it arrives), names the call and the size, and
// does not download the same oversized answer again on the next tick. The answers come from a
// real node:http server writing as fast as the client reads (test/helpers/huge-answers.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClient, type ApiClient, type ClientOptions } from '../../src/api/index.js';
import { DEFAULT_MAX_ANSWER_BYTES, REFUSAL_MEMORY_MS } from '../../src/api/answer-limit.js';
import { startHugeAnswers, type HugeAnswers } from '../helpers/huge-answers.js';
import { waitFor } from '../helpers/timers.js';
import { errorOf } from '../helpers/api-error.js';

const MIB = 1024 * 1024;
let huge: HugeAnswers;
let clock = 1_000_000;
const clients: ApiClient[] = [];

function makeClient(extra: Partial<ClientOptions> = {}): ApiClient {
  const c = createClient({ apiHost: huge.url, token: 'token', now: () => clock, ...extra });
  clients.push(c);
  return c;
}

beforeEach(async () => {
  huge = await startHugeAnswers();
  clock = 1_000_000;
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await huge.close();
});

describe('the bound on one answer', () => {
  it('is 64 MiB by default', () => {
    expect(DEFAULT_MAX_ANSWER_BYTES).toBe(64 * MIB);
  });

  it('refuses a 200 MiB answer on its Content-Length, names the call and the size, and reads none of it', async () => {
    const client = makeClient();
    const err = await errorOf(client.tasks.getAllEx({}));
    expect(err.kind).toBe('too-large');
    expect(err.transient).toBe(false);
    expect(err.describe()).toBe(
      'tasks.get_all_ex: answer too large (200 MiB announced; the limit is 64 MiB, raise it with --max-answer-mb); not read',
    );
    await waitFor(() => huge.written.length === 1, 5000, 'the answer to be dropped');
    // What the sockets' buffers took before the client hung up, far from the 200 MiB.
    expect(huge.written[0]).toBeLessThan(16 * MIB);
    expect(huge.requests).toHaveLength(1);
  });

  it('stops reading an endless chunked answer once it passes the bound, and hangs up', async () => {
    huge.mode = 'endless';
    const client = makeClient({ maxAnswerBytes: 4 * MIB });
    const err = await errorOf(client.events.getTaskLog({ task: 't1', batch_size: 100 }));
    expect(err.kind).toBe('too-large');
    expect(err.endpoint).toBe('events.get_task_log');
    expect(err.message).toMatch(/^answer too large \(more than \d+(\.\d)? MiB and still coming; the limit is 4 MiB/);
    await waitFor(() => huge.written.length === 1, 5000, 'the answer to be dropped');
    expect(huge.open()).toBe(0);
    expect(huge.written[0]).toBeLessThan(4 * MIB + 16 * MIB);
  });

  it('reads an answer below a raised bound', async () => {
    huge.declaredBytes = 3 * MIB;
    const client = makeClient({ maxAnswerBytes: 4 * MIB });
    // The body is a cut-off envelope of 3 MiB: read whole, then found not to be one.
    const err = await errorOf(client.tasks.getAllEx({}));
    expect(err.kind).toBe('protocol');
    expect(huge.written).toEqual([3 * MIB]);
  });
});

describe('a refused request', () => {
  it('is refused again from memory, not downloaded, until a minute has passed', async () => {
    const client = makeClient();
    const first = await errorOf(client.tasks.getAllEx({ only_fields: ['name'] }));
    const again = await errorOf(client.tasks.getAllEx({ only_fields: ['name'] }));
    expect(again.kind).toBe('too-large');
    expect(again.message).toBe(`${first.message} (asked again in 60 s)`);
    expect(huge.requests).toHaveLength(1);

    clock += REFUSAL_MEMORY_MS - 1;
    await errorOf(client.tasks.getAllEx({ only_fields: ['name'] }));
    expect(huge.requests).toHaveLength(1);
    clock += 1;
    await errorOf(client.tasks.getAllEx({ only_fields: ['name'] }));
    expect(huge.requests).toHaveLength(2);
  });

  it('does not stop a request of another shape (another page, filter or call)', async () => {
    const client = makeClient();
    await errorOf(client.tasks.getAllEx({ only_fields: ['name'] }));
    await errorOf(client.tasks.getAllEx({ only_fields: ['name', 'status'] }));
    await errorOf(client.events.getTaskLog({ task: 't1' }));
    expect(huge.requests.map((r) => r.endpoint)).toEqual([
      'tasks.get_all_ex',
      'tasks.get_all_ex',
      'events.get_task_log',
    ]);
  });
});
