import { createHash } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { jsonLines, withEventsHarness } from '../../helpers/events-harness.js';

const h = withEventsHarness();

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const JL = 'application/json-lines';

function addBatch(events: unknown[], contentType = JL) {
  return h.call('events.add_batch', undefined, { raw: jsonLines(events), contentType });
}

async function allEvents(task: string, extra: Record<string, unknown> = {}) {
  const r = await h.call('events.get_task_events', { task, batch_size: 10000, ...extra });
  expect(r.status).toBe(200);
  return r.data.events as Record<string, unknown>[];
}

describe('events.add', () => {
  it('stores a scalar with server fields and defaults and answers added=1', async () => {
    const t = h.task();
    const r = await h.call(
      'events.add',
      {
        task: t,
        type: 'training_stats_scalar',
        iter: 3,
        metric: 'loss',
        variant: 'train',
        value: 0.25,
        timestamp: 1735725630123,
      },
      { worker: 'w1' },
    );
    expect(r.data).toEqual({ added: 1, errors: 0, errors_info: {} });
    const [ev] = await allEvents(t);
    expect(ev).toEqual({
      task: t,
      type: 'training_stats_scalar',
      iter: 3,
      metric: 'loss',
      variant: 'train',
      value: 0.25,
      timestamp: 1735725630123,
      worker: 'w1',
      model_event: false,
      '@timestamp': new Date(h.now).toISOString(),
    });
  });

  it('fills metric/variant with "" and timestamp with now, and stores no iter when none was sent', async () => {
    const t = h.task();
    await h.call('events.add', { task: t, type: 'log', msg: 'hello', metric: null });
    const [ev] = await allEvents(t);
    expect(ev).toMatchObject({ metric: '', variant: '', timestamp: h.now, worker: '<unknown>', msg: 'hello' });
    expect(ev).not.toHaveProperty('iter');
    expect(ev).not.toHaveProperty('level');
  });

  it('keeps unknown fields as sent and consumes allow_locked and x_axis_label', async () => {
    const t = h.task();
    await h.call('events.add', {
      task: t,
      type: 'training_stats_scalar',
      iter: 1,
      metric: 'm',
      variant: 'v',
      value: 2,
      x_axis_label: 'epoch',
      allow_locked: true,
      custom: { nested: [1, 2] },
    });
    const [ev] = await allEvents(t);
    expect(ev).toMatchObject({ custom: { nested: [1, 2] } });
    expect(ev).not.toHaveProperty('x_axis_label');
    expect(ev).not.toHaveProperty('allow_locked');
  });

  it('renames a legacy ts field to timestamp and turns spaces in the type into underscores', async () => {
    const t = h.task();
    await h.call('events.add', { task: t, type: 'training stats scalar', iter: 0, value: 1, ts: 42 });
    const [ev] = await allEvents(t);
    expect(ev).toMatchObject({ type: 'training_stats_scalar', timestamp: 42 });
    expect(ev).not.toHaveProperty('ts');
  });

  it('refuses a rejected event with 400/131 naming the reason', async () => {
    const r = await h.call('events.add', { type: 'training_stats_scalar', value: 1 });
    expect(r.status).toBe(400);
    expect(r.subcode).toBe(131);
    expect(r.msg).toBe("events not added: Event must have a 'task' field=1");
  });

  it('answers an empty body with 400/131 for the missing type', async () => {
    const r = await h.call('events.add', {});
    expect([r.status, r.subcode]).toEqual([400, 131]);
    expect(r.msg).toContain("Event must have a 'type' field=1");
  });
});

describe('event identity and overwrite', () => {
  it('replaces a scalar re-sent for the same task, iter, metric and variant', async () => {
    const t = h.task();
    await addBatch([
      { task: t, type: 'training_stats_scalar', iter: 1, metric: 'm', variant: 'v', value: 1 },
      { task: t, type: 'training_stats_scalar', iter: 1, metric: 'm', variant: 'v', value: 2 },
    ]);
    await h.call('events.add', {
      task: t,
      type: 'training_stats_scalar',
      iter: 1,
      metric: 'm',
      variant: 'v',
      value: 3,
    });
    const evs = await allEvents(t);
    expect(evs.map((e) => e.value)).toEqual([3]);
  });

  it('keeps events that differ in variant, iter, key or type', async () => {
    const t = h.task();
    await addBatch([
      { task: t, type: 'training_stats_scalar', iter: 1, metric: 'm', variant: 'a', value: 1 },
      { task: t, type: 'training_stats_scalar', iter: 1, metric: 'm', variant: 'b', value: 1 },
      { task: t, type: 'training_stats_scalar', iter: 2, metric: 'm', variant: 'a', value: 1 },
      { task: t, type: 'training_debug_image', iter: 1, metric: 'm', variant: 'a', url: 'u1', key: 'k1' },
      { task: t, type: 'training_debug_image', iter: 1, metric: 'm', variant: 'a', url: 'u2', key: 'k2' },
      { task: t, type: 'training_debug_image', iter: 1, metric: 'm', variant: 'a', url: 'u3', key: 'k2' },
    ]);
    const evs = await allEvents(t);
    expect(evs).toHaveLength(5);
    expect(
      evs
        .filter((e) => e.type === 'training_debug_image')
        .map((e) => e.url)
        .sort(),
    ).toEqual(['u1', 'u3']);
  });

  it('never overwrites log events: duplicates accumulate', async () => {
    const t = h.task();
    const log = { task: t, type: 'log', iter: 1, msg: 'same', level: 'info', timestamp: 5 };
    await addBatch([log, log]);
    await h.call('events.add', log);
    expect(await allEvents(t)).toHaveLength(3);
  });

  it('overwrites an event sent without iter by the next one without iter', async () => {
    const t = h.task();
    await h.call('events.add', { task: t, type: 'plot', metric: 'p', plot_str: '{"a":1}' });
    await h.call('events.add', { task: t, type: 'plot', metric: 'p', plot_str: '{"a":2}' });
    const evs = await allEvents(t);
    expect(evs.map((e) => e.plot_str)).toEqual(['{"a":2}']);
  });
});

describe('type-specific stored fields', () => {
  it('stores vector values as value', async () => {
    const t = h.task();
    await h.call('events.add', {
      task: t,
      type: 'training_stats_vector',
      iter: 0,
      metric: 'm',
      variant: 'v',
      values: [1, 2, 3],
    });
    const [ev] = await allEvents(t);
    expect(ev).toMatchObject({ value: [1, 2, 3] });
    expect(ev).not.toHaveProperty('values');
  });

  it('adds plot_len and source_urls to plots', async () => {
    const t = h.task();
    const plot = JSON.stringify({ data: [{ source: 's3://bucket/a.png' }, { source: 'no-scheme' }] });
    await h.call('events.add', { task: t, type: 'plot', iter: 0, metric: 'p', plot_str: plot, plot_len: 1 });
    await h.call('events.add', { task: t, type: 'plot', iter: 1, metric: 'p' });
    const evs = await allEvents(t);
    expect(evs[0]).toMatchObject({ plot_str: plot, plot_len: plot.length, source_urls: ['s3://bucket/a.png'] });
    expect(evs[1]).toMatchObject({ plot_len: 0 });
    expect(evs[1]).not.toHaveProperty('source_urls');
  });

  it('stores plots of 100000 characters or more compressed; get_task_events returns them as stored', async () => {
    const t = h.task();
    const plot = JSON.stringify({ data: 'x'.repeat(100_000) });
    await h.call('events.add', { task: t, type: 'plot', iter: 0, metric: 'p', variant: 'v', plot_str: plot });
    const [ev] = await allEvents(t);
    expect(ev).not.toHaveProperty('plot_str');
    expect(ev?.plot_len).toBe(plot.length);
    expect(inflateSync(Buffer.from(ev?.plot_data as string, 'base64')).toString()).toBe(plot);
    const plots = await h.call('events.get_task_plots', { task: t });
    expect(plots.data.plots[0].plot_str).toBe(plot);
    expect(plots.data.plots[0]).not.toHaveProperty('plot_data');
  });

  it('marks model events and moves a model field into task', async () => {
    const m = h.model();
    await h.call('events.add', {
      model: m,
      task: 'ignored',
      model_event: true,
      type: 'training_stats_scalar',
      iter: 0,
      value: 1,
    });
    const r = await h.call('events.get_task_events', { task: m, model_events: true });
    expect(r.data.events[0]).toMatchObject({ task: m, model_event: true });
  });
});

describe('events.add_batch', () => {
  it('reports per-event failures in errors_info and stores the rest', async () => {
    const t = h.task();
    const r = await addBatch([
      { task: t, type: 'training_stats_scalar', iter: 0, metric: 'm', value: 1 },
      { task: t, type: 'unknown_type' },
      { type: 'log', msg: 'no task' },
      { task: 'Invalid task', type: 'log', msg: 'x' },
      { task: t, metric: 'no type' },
    ]);
    expect(r.status).toBe(200);
    expect(r.data).toEqual({
      added: 1,
      errors: 4,
      errors_info: {
        'Invalid event type unknown_type': 1,
        "Event must have a 'task' field": 1,
        'Invalid task id Invalid task': 1,
        "Event must have a 'type' field": 1,
      },
    });
    expect(await allEvents(t)).toHaveLength(1);
  });

  it('refuses log events for models', async () => {
    const m = h.model();
    const r = await addBatch([{ task: m, model_event: true, type: 'log', msg: 'x' }]);
    expect([r.status, r.subcode]).toEqual([400, 131]);
    expect(r.msg).toBe('events not added: Task log events are not supported for models=1');
  });

  it('answers 400/131 with every reason when nothing was added', async () => {
    const r = await addBatch([{ task: 'nope', type: 'log' }, { task: 'nope', type: 'log' }, { type: 'bad' }]);
    expect([r.status, r.subcode]).toEqual([400, 131]);
    expect(r.msg).toBe('events not added: Invalid task id nope=2, Invalid event type bad=1');
  });

  it('treats a plain JSON object body as a one-event batch', async () => {
    const t = h.task();
    const r = await h.call('events.add_batch', undefined, {
      raw: JSON.stringify({ task: t, type: 'log', msg: 'one' }),
      contentType: 'application/json',
    });
    expect(r.data).toMatchObject({ added: 1 });
  });

  it('refuses a JSON array body with a clear 400', async () => {
    const t = h.task();
    const r = await h.call('events.add_batch', undefined, {
      raw: JSON.stringify([{ task: t, type: 'log' }]),
      contentType: 'application/json',
    });
    expect(r.status).toBe(400);
    expect(r.msg).toContain('not a JSON array');
  });

  it('does not treat json-lines with a charset as json lines (exact content type)', async () => {
    const t = h.task();
    const body = jsonLines([
      { task: t, type: 'log', msg: 'a' },
      { task: t, type: 'log', msg: 'b' },
    ]);
    const r = await h.call('events.add_batch', undefined, {
      raw: body,
      contentType: 'application/json-lines; charset=utf-8',
    });
    expect([r.status, r.subcode]).toEqual([400, 0]);
  });

  it('names application/json-lines when several events come as application/json', async () => {
    const t = h.task();
    const body = jsonLines([
      { task: t, type: 'log', msg: 'a' },
      { task: t, type: 'log', msg: 'b' },
    ]);
    const r = await h.call('events.add_batch', undefined, { raw: body, contentType: 'application/json' });
    expect([r.status, r.subcode]).toEqual([400, 0]);
    expect(r.msg).toContain('failed parsing the request body as JSON: ');
    expect(r.msg).toContain('need Content-Type: application/json-lines; this body came as application/json');
  });

  it('answers an empty body with 400/17', async () => {
    for (const raw of ['', '\n', '   ']) {
      const r = await h.call('events.add_batch', undefined, { raw, contentType: JL });
      expect([r.status, r.subcode]).toEqual([400, 17]);
    }
  });

  it('answers a blank line in the middle with 400/0 and stores nothing', async () => {
    const t = h.task();
    const raw = `${JSON.stringify({ task: t, type: 'log', msg: 'a' })}\n\n${JSON.stringify({ task: t, type: 'log', msg: 'b' })}\n`;
    const r = await h.call('events.add_batch', undefined, { raw, contentType: JL });
    expect([r.status, r.subcode]).toEqual([400, 0]);
    expect(r.msg).toContain('blank line 2');
    expect(await allEvents(t)).toHaveLength(0);
  });

  it('answers a line that is not a JSON object with 400/0 and stores nothing', async () => {
    const t = h.task();
    for (const bad of ['[1]', '{"a":', '42']) {
      const raw = `${JSON.stringify({ task: t, type: 'log', msg: 'a' })}\n${bad}\n`;
      const r = await h.call('events.add_batch', undefined, { raw, contentType: JL });
      expect([r.status, r.subcode]).toEqual([400, 0]);
    }
    expect(await allEvents(t)).toHaveLength(0);
  });

  it('accepts CRLF line ends and a missing final newline', async () => {
    const t = h.task();
    const raw = `${JSON.stringify({ task: t, type: 'log', msg: 'a' })}\r\n${JSON.stringify({ task: t, type: 'log', msg: 'b' })}`;
    const r = await h.call('events.add_batch', undefined, { raw, contentType: JL });
    expect(r.data.added).toBe(2);
  });

  it('refuses the whole call (400/12, nothing stored) when one id mixes allow_locked values', async () => {
    const t = h.task();
    const r = await addBatch([
      { task: t, type: 'log', msg: 'a' },
      { task: t, type: 'log', msg: 'b', allow_locked: true },
    ]);
    expect([r.status, r.subcode]).toEqual([400, 12]);
    expect(await allEvents(t)).toHaveLength(0);
  });

  it('refuses the whole call (400/12) when one id is used for task and model events', async () => {
    const t = h.task();
    const r = await addBatch([
      { task: t, type: 'training_stats_scalar', value: 1, iter: 0 },
      { task: t, type: 'training_stats_scalar', value: 1, iter: 1, model_event: true },
    ]);
    expect([r.status, r.subcode]).toEqual([400, 12]);
    expect(await allEvents(t)).toHaveLength(0);
  });

  it('gives clear reasons for mistyped fields', async () => {
    const t = h.task();
    const r = await addBatch([
      { task: t, type: 'training_stats_scalar', iter: 'x', value: 1 },
      { task: t, type: 'training_stats_scalar', iter: 1, value: 'nan' },
      { task: t, type: 'training_stats_scalar', iter: 2 ** 64, value: 1 },
      { task: t, type: 'training_stats_vector', iter: 1, values: ['a'] },
      { task: t, type: 'plot', iter: 1, plot_str: { a: 1 } },
      { task: t, type: 'log', metric: { a: 1 } },
      { task: t, type: 'log', timestamp: 'yesterday' },
      { task: t, type: 'log', msg: 'ok' },
    ]);
    expect(r.data.added).toBe(1);
    expect(r.data.errors).toBe(7);
    expect(Object.keys(r.data.errors_info)).toContain('Iteration number should not exceed 9223372036854775807');
  });

  it('coerces numeric iter and value strings and truncates fractional iterations', async () => {
    const t = h.task();
    await addBatch([
      { task: t, type: 'training_stats_scalar', iter: '7', value: '0.5' },
      { task: t, type: 'training_stats_scalar', iter: 8.9, value: 1 },
    ]);
    const evs = await allEvents(t);
    expect(evs.map((e) => [e.iter, e.value])).toEqual([
      [7, 0.5],
      [8, 1],
    ]);
  });
});

describe('locked tasks and models', () => {
  it('rejects events for published and publishing tasks unless allow_locked', async () => {
    for (const status of ['published', 'publishing']) {
      const t = h.task({ status });
      const r = await h.call('events.add', { task: t, type: 'log', msg: 'x' });
      expect([r.status, r.subcode]).toEqual([400, 131]);
      expect(r.msg).toBe(`events not added: Invalid task id ${t}=1`);
      const ok = await h.call('events.add', { task: t, type: 'log', msg: 'x', allow_locked: true });
      expect(ok.data.added).toBe(1);
    }
  });

  it('rejects events for ready models unless allow_locked', async () => {
    const m = h.model({ ready: true });
    const r = await h.call('events.add', { task: m, model_event: true, type: 'training_stats_scalar', value: 1 });
    expect(r.msg).toBe(`events not added: Invalid model id ${m}=1`);
    const ok = await h.call('events.add', {
      task: m,
      model_event: true,
      type: 'training_stats_scalar',
      value: 1,
      allow_locked: true,
    });
    expect(ok.data.added).toBe(1);
  });

  it('never writes to tasks of another company or public tasks', async () => {
    const other = h.task({ company: 'someone-else' });
    const pub = h.task({ company: '' });
    const r = await addBatch([
      { task: other, type: 'log', allow_locked: true },
      { task: pub, type: 'log', allow_locked: true },
    ]);
    expect(r.msg).toBe(`events not added: Invalid task id ${other}=1, Invalid task id ${pub}=1`);
  });
});

describe('task side effects', () => {
  interface TaskRow {
    last_iteration: number;
    last_update: number;
    last_change: number;
    last_changed_by: string;
    // Parsed JSON maps; each test reads the keys it checks.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    last_metrics: any;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    metric_stats: any;
  }
  function taskRow(id: string): TaskRow {
    const row = h.db.prepare('SELECT * FROM tasks WHERE id = ?').get(id) as Record<string, unknown>;
    return {
      ...row,
      last_metrics: JSON.parse(row.last_metrics as string),
      metric_stats: JSON.parse(row.metric_stats as string),
    } as TaskRow;
  }

  it('updates last_iteration, ignoring the resource-monitor metrics', async () => {
    const t = h.task();
    await addBatch([
      { task: t, type: 'training_stats_scalar', iter: 5, metric: 'loss', value: 1 },
      { task: t, type: 'training_stats_scalar', iter: 900, metric: ':monitor:machine', value: 1 },
      { task: t, type: 'training_stats_scalar', iter: 901, metric: ':monitor:gpu', value: 1 },
    ]);
    expect(taskRow(t).last_iteration).toBe(5);
    await addBatch([{ task: t, type: 'log', iter: 3 }]);
    expect(taskRow(t).last_iteration).toBe(5);
    await addBatch([{ task: t, type: 'log', iter: 7 }]);
    expect(taskRow(t).last_iteration).toBe(7);
  });

  it('keeps last_metrics per md5(metric)/md5(variant) with value, min, max, first, count, mean and x_axis_label', async () => {
    const t = h.task();
    await addBatch([
      { task: t, type: 'training_stats_scalar', iter: 0, metric: 'loss', variant: 'train', value: 4, timestamp: 1 },
      {
        task: t,
        type: 'training_stats_scalar',
        iter: 2,
        metric: 'loss',
        variant: 'train',
        value: 1,
        timestamp: 2,
        x_axis_label: 'epoch',
      },
      { task: t, type: 'training_stats_scalar', iter: 1, metric: 'loss', variant: 'train', value: 9, timestamp: 3 },
    ]);
    await addBatch([
      { task: t, type: 'training_stats_scalar', iter: 3, metric: 'loss', variant: 'train', value: 2, timestamp: 4 },
    ]);
    const entry = taskRow(t).last_metrics[md5('loss')][md5('train')];
    expect(entry).toEqual({
      metric: 'loss',
      variant: 'train',
      value: 2,
      min_value: 1,
      min_value_iteration: 2,
      max_value: 9,
      max_value_iteration: 1,
      first_value: 4,
      first_value_iteration: 0,
      count: 4,
      mean_value: 4,
      x_axis_label: 'epoch',
    });
  });

  it('records metric_stats last_update per event type and bumps last_update and last_change', async () => {
    const t = h.task();
    h.now += 60_000;
    await addBatch([
      { task: t, type: 'training_debug_image', iter: 0, metric: 'img', url: 'u', timestamp: 100 },
      { task: t, type: 'plot', iter: 0, metric: 'img', plot_str: '{}', timestamp: 250 },
      { task: t, type: 'training_debug_image', iter: 1, metric: 'img', url: 'u', timestamp: 200 },
    ]);
    const row = taskRow(t);
    expect(row.metric_stats[md5('img')]).toEqual({
      metric: 'img',
      event_stats_by_type: { training_debug_image: { last_update: 200 }, plot: { last_update: 250 } },
    });
    expect(row.last_update).toBe(h.now);
    expect(row.last_change).toBe(h.now);
    expect(row.last_changed_by).toBe(h.user);
  });

  it('updates the model document for model events', async () => {
    const m = h.model();
    await addBatch([
      { task: m, model_event: true, type: 'training_stats_scalar', iter: 4, metric: 'acc', variant: 'v', value: 0.9 },
    ]);
    const row = h.db.prepare('SELECT last_iteration, last_metrics FROM models WHERE id = ?').get(m) as {
      last_iteration: number;
      last_metrics: string;
    };
    expect(row.last_iteration).toBe(4);
    expect(JSON.parse(row.last_metrics)[md5('acc')][md5('v')].value).toBe(0.9);
  });

  it('changes nothing on the task when the call is refused', async () => {
    const t = h.task();
    const before = taskRow(t);
    await addBatch([
      { task: t, type: 'training_stats_scalar', iter: 9, value: 1 },
      { task: t, type: 'training_stats_scalar', iter: 10, value: 1, allow_locked: true },
    ]);
    expect(taskRow(t)).toEqual(before);
  });
});
