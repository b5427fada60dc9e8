// The log walkers against tracktop's own server, whose pages end at batch_size even inside a
// run of logs sharing one timestamp: each line comes back exactly once, either way.
import { describe, expect, it } from 'vitest';
import { createClient, taskLogBackward, taskLogForward } from '../../src/api/index.js';
import { withTestServer } from '../helpers/server.js';

const server = withTestServer();

describe('log walkers on runs of equal timestamps', () => {
  it('return every line once, oldest first and newest first', async () => {
    const client = createClient({ apiHost: server.url, accessKey: server.accessKey, secretKey: server.secretKey });
    const { id: task } = await client.tasks.create({ name: 'ties', type: 'training' });
    // 2500 lines: runs of 700 at one timestamp between single ones.
    const at = (i: number) => 1_700_000_000_000 + Math.floor(i / 700) * 10;
    const events = Array.from({ length: 2500 }, (_, i) => ({
      type: 'log' as const,
      task,
      timestamp: at(i),
      level: 'info',
      msg: `line ${i}`,
    }));
    await client.events.addBatch(events);
    const want = events.map((e) => e.msg);
    const forward: string[] = [];
    for await (const page of taskLogForward(client, { task, batchSize: 300 })) forward.push(...page.map((e) => e.msg));
    expect(forward).toEqual(want);
    const backward: string[] = [];
    for await (const page of taskLogBackward(client, { task, batchSize: 300 }))
      backward.push(...page.map((e) => e.msg));
    expect(backward).toEqual([...want].reverse());
  });

  it('go on past a page cut at the byte bound of the server, both ways', async () => {
    const client = createClient({ apiHost: server.url, accessKey: server.accessKey, secretKey: server.secretKey });
    const { id: task } = await client.tasks.create({ name: 'long lines', type: 'training' });
    // 600 lines of 20 kB: 12 MB, more than one page holds whatever batch_size says.
    const long = 'x'.repeat(20_000);
    const events = Array.from({ length: 600 }, (_, i) => ({
      type: 'log' as const,
      task,
      timestamp: 1_700_000_000_000 + i,
      level: 'info',
      msg: `line ${i} ${long}`,
    }));
    await client.events.addBatch(events);
    const first = await client.events.getTaskLog({ task, batch_size: 10_000 });
    expect(first.events.length).toBeLessThan(600);
    expect(first.more).toBe(true);
    const want = events.map((e) => e.msg.slice(0, e.msg.indexOf(' ', 5)));
    const short = (msg: string) => msg.slice(0, msg.indexOf(' ', 5));
    const forward: string[] = [];
    for await (const page of taskLogForward(client, { task, batchSize: 10_000 }))
      forward.push(...page.map((e) => short(e.msg)));
    expect(forward).toEqual(want);
    const backward: string[] = [];
    for await (const page of taskLogBackward(client, { task, batchSize: 10_000 }))
      backward.push(...page.map((e) => short(e.msg)));
    expect(backward).toEqual([...want].reverse());
  });
});
