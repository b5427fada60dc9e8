// The foundation client against the embedded server: what a reporting script and the monitor
// do with events, end to end over HTTP.
import { describe, expect, it } from 'vitest';
import { scrollRawScalars, scrollTaskEvents, taskLogBackward, taskLogForward } from '../../../src/api/index.js';
import type { LogEvent } from '../../../src/wire/events.js';
import { withClient } from '../../helpers/client.js';
import { withEventsHarness } from '../../helpers/events-harness.js';
import { range } from '../../helpers/events-seed.js';

const h = withEventsHarness();
const client = withClient(() => h.server, { worker: 'client-test', perTest: true });

describe('the typed client with the embedded server', () => {
  it('sends a batch as JSON lines and reads scalars back through every scalar view', async () => {
    const t = h.task({ name: 'client run' });
    const added = await client.events.addBatch(
      range(300, (i) => ({
        task: t,
        type: 'training_stats_scalar' as const,
        metric: 'loss',
        variant: i % 2 ? 'val' : 'train',
        iter: Math.floor(i / 2),
        value: 1 + i,
      })),
    );
    expect(added).toEqual({ added: 300, errors: 0, errors_info: {} });
    const hist = await client.events.scalarMetricsIterHistogram({ task: t, samples: 15 });
    expect(hist.loss?.train?.x).toEqual(range(15, (i) => i * 10));
    const latest = await client.events.getTaskLatestScalarValues({ task: t });
    expect(latest.metrics[0]?.variants.map((v) => [v.name, v.last_value])).toEqual([
      ['train', 299],
      ['val', 300],
    ]);
    let points = 0;
    for await (const page of scrollRawScalars(client, { task: t, metric: { metric: 'loss' }, batch_size: 64 }))
      for (const s of page) points += s.y.length;
    expect(points).toBe(300);
    let events = 0;
    for await (const page of scrollTaskEvents(client, { task: t, batch_size: 50 })) events += page.length;
    expect(events).toBe(300);
    const [first] = (await client.events.getTaskEvents({ task: t, batch_size: 1 })).events;
    expect(first).toMatchObject({ worker: 'client-test', model_event: false });
  });

  it('walks a log backward and forward in pages and downloads it', async () => {
    const t = h.task();
    await client.events.addBatch(
      range(2500, (i) => ({
        task: t,
        type: 'log' as const,
        msg: `line ${i}`,
        level: 'info',
        iter: i,
        timestamp: 10_000 + i,
      })),
    );
    const backward: LogEvent[] = [];
    for await (const page of taskLogBackward(client, { task: t, batchSize: 1000 })) backward.push(...page);
    expect(backward.map((e) => e.msg)).toEqual(range(2500, (i) => `line ${2499 - i}`));
    const forward: LogEvent[] = [];
    for await (const page of taskLogForward(client, { task: t, batchSize: 700 })) forward.push(...page);
    expect(forward.map((e) => e.msg)).toEqual(range(2500, (i) => `line ${i}`));
    const text = await client.events.downloadTaskLog({ task: t, line_type: 'text', line_format: '{msg}' });
    expect(text.split('\n').slice(0, 2)).toEqual(['line 0', 'line 1']);
  });

  it('surfaces server errors as ApiError with the result codes', async () => {
    await expect(client.events.getTaskLog({ task: 'missing' })).rejects.toMatchObject({
      httpStatus: 400,
      resultCode: 400,
      resultSubcode: 101,
    });
  });
});
