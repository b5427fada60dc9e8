// Seeds the real embedded server (in-process, temp SQLite file) through the HTTP client.
import { beforeAll, describe, expect, it } from 'vitest';

import { bigLogFirstLine, bigLogLastLine } from '../../src/demo/big-log.js';
import { DEMO_PROJECTS, DEMO_STATUSES } from '../../src/demo/plan.js';
import { BIG_LOG_LINES, seedDemo, type SeedResult } from '../../src/demo/seed.js';
import { SINGLE_VALUE_ITER, type LogEvent } from '../../src/wire/events.js';
import { withClient } from '../helpers/client.js';
import { withTestServer } from '../helpers/server.js';

const server = withTestServer();
const client = withClient(() => server);
let seeded: SeedResult;

beforeAll(async () => {
  seeded = await seedDemo(client, { baseUrl: server.url });
  console.log(
    `demo seed: ${seeded.eventsWritten} events, ${seeded.tasks.length} tasks, ${seeded.reports.length} reports in ${seeded.elapsedMs} ms`,
  );
});

describe('seedDemo against the embedded server', () => {
  it('creates the three projects and tasks in every status, with nothing refused', async () => {
    expect(Object.keys(seeded.projects).sort()).toEqual(Object.values(DEMO_PROJECTS).sort());
    const { tasks } = await client.tasks.getAllEx({
      project: Object.values(seeded.projects),
      only_fields: ['id', 'name', 'status', 'last_iteration'],
    });
    expect(tasks).toHaveLength(seeded.tasks.length);
    expect(new Set(tasks.map((t) => t.status))).toEqual(new Set(DEMO_STATUSES));
    expect(tasks.filter((t) => t.status === 'in_progress')).toHaveLength(3);
    for (const t of seeded.tasks) {
      const stored = tasks.find((s) => s.id === t.id);
      // A draft has reported nothing (the server's default iteration, 0).
      expect(stored?.last_iteration).toBe(t.status === 'created' ? 0 : t.nextIter - 1);
    }
    expect(server.logs).toEqual([]);
  });

  it('writes its events in batches, not a request per event', () => {
    // What keeps the demo's start fast (a request per event would take minutes); its time is
    // printed above, not asserted: a loaded machine decides the time, not the code.
    expect(seeded.eventsWritten).toBeGreaterThan(BIG_LOG_LINES);
    expect(seeded.eventRequests).toBeGreaterThan(0);
    expect(seeded.eventRequests).toBeLessThan(seeded.eventsWritten / 100);
  });

  it('writes a 50,000-line log whose get_task_log total is capped at 10000', async () => {
    const task = seeded.bigLogTask.id;
    const newest = await client.events.getTaskLog({ task, batch_size: 10 });
    expect(newest.total).toBe(10_000);
    expect(newest.events[0]?.msg).toBe(bigLogLastLine(BIG_LOG_LINES));
    const oldest = await client.events.getTaskLog({ task, batch_size: 1, navigate_earlier: false });
    expect(oldest.events[0]?.msg).toBe(bigLogFirstLine(BIG_LOG_LINES));
  });

  it('downloads all 50,000 lines of the long log in order', async () => {
    const text = await client.events.downloadTaskLog({
      task: seeded.bigLogTask.id,
      line_type: 'text',
      line_format: '{msg}',
    });
    const lines = text.split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength(BIG_LOG_LINES);
    expect(lines[0]).toBe(bigLogFirstLine(BIG_LOG_LINES));
    expect(lines.at(-1)).toBe(bigLogLastLine(BIG_LOG_LINES));
  });

  it('pages through all 50,000 lines backwards despite shared timestamps', async () => {
    const task = seeded.bigLogTask.id;
    // As tracktop's client pages (docs/wire-facts.md §6.4): from the last log's timestamp and,
    // since this server cuts a page inside a timestamp, its seq.
    let from: { from_timestamp: number; from_seq?: number } | undefined;
    let count = 0;
    let ties = 0;
    for (let page = 0; page < 20; page += 1) {
      const res = await client.events.getTaskLog({ task, batch_size: 10_000, ...from });
      if (res.events.length === 0) break;
      count += res.events.length;
      const ts = res.events.map((e) => e.timestamp);
      ties += ts.filter((t, i) => i > 0 && t === ts[i - 1]).length;
      const last = res.events[res.events.length - 1]!;
      from = { from_timestamp: last.timestamp, ...(last.seq === undefined ? {} : { from_seq: last.seq }) };
    }
    expect(count).toBe(BIG_LOG_LINES);
    expect(ties).toBeGreaterThan(0);
  });

  it('writes multi-line events, stderr errors and ANSI colours into the logs', async () => {
    const live = seeded.live[0];
    expect(live).toBeDefined();
    const failed = seeded.tasks.find((t) => t.status === 'failed');
    const events: LogEvent[] = [];
    for (const task of [live?.id ?? '', failed?.id ?? ''])
      events.push(...(await client.events.getTaskLog({ task, batch_size: 5000 })).events);
    expect(events.some((e) => e.msg.includes('\n'))).toBe(true);
    expect(events.some((e) => e.level === 'error' && e.msg.includes('Traceback (most recent call last):'))).toBe(true);
    expect(events.some((e) => e.msg.includes('\u001b[32mINFO\u001b[0m'))).toBe(true);
  });

  it('writes scalars with several variants, single values, plots and debug images', async () => {
    const task = seeded.tasks.find((t) => t.key === 'visionBaseline')?.id ?? '';
    const hist = await client.events.scalarMetricsIterHistogram({ task, samples: 0 });
    expect(Object.keys(hist.loss ?? {}).sort()).toEqual(['train', 'val']);
    expect(hist.loss?.train?.x).toHaveLength(300);
    expect(Object.keys(hist.grad_norm ?? {}).length).toBeGreaterThanOrEqual(4);
    const single = await client.events.getTaskSingleValueMetrics({ tasks: [task] });
    expect(single.tasks[0]?.values.map((v) => v.metric)).toContain('Summary');
    const plots = await client.events.getTaskPlots({ task, iters: 1 });
    expect(plots.plots.length).toBeGreaterThan(0);
    for (const p of plots.plots) expect(() => JSON.parse(p.plot_str) as unknown).not.toThrow();
    const images = await client.events.getTaskMetrics({ tasks: [task], event_type: 'training_debug_image' });
    expect(images.metrics[0]?.metrics).toContain('samples');
    const raw = await client.events.getTaskEvents({
      task,
      event_type: 'training_stats_scalar',
      batch_size: 10,
      order: 'desc',
    });
    expect(raw.events.some((e) => e.iter === SINGLE_VALUE_ITER)).toBe(false);
  });

  it('creates at least six reports in two projects with bodies, tags, one published and one archived', async () => {
    const { tasks: reports } = await client.reports.getAllEx({
      only_fields: ['id', 'name', 'tags', 'status', 'system_tags', 'report', 'project.name'],
    });
    expect(reports.length).toBe(seeded.reports.length);
    expect(reports.length).toBeGreaterThanOrEqual(6);
    expect(new Set(reports.map((r) => r.project?.id)).size).toBe(2);
    const published = reports.filter((r) => r.status === 'published');
    expect(published.map((r) => r.name)).toEqual(seeded.reports.filter((r) => r.published).map((r) => r.name));
    const archived = reports.filter((r) => r.system_tags?.includes('archived'));
    expect(archived.map((r) => r.name)).toEqual(seeded.reports.filter((r) => r.archived).map((r) => r.name));
    for (const r of reports) {
      const plan = seeded.reports.find((s) => s.id === r.id);
      expect(r.tags?.slice().sort()).toEqual(plan?.tags.slice().sort());
      expect(r.report).toMatch(/^# /);
      expect(r.report).toContain(`<iframe src="${server.url}/widgets/?`);
    }
    const { tags } = await client.reports.getTags();
    expect(tags).toEqual(expect.arrayContaining(['ablation', 'baseline', 'needs-review', 'sota']));
  });

  it('registers output models for finished tasks', async () => {
    const { models } = await client.models.getAllEx({
      id: seeded.modelIds,
      only_fields: ['id', 'name', 'ready', 'task'],
    });
    expect(models).toHaveLength(seeded.modelIds.length);
    expect(models.some((m) => m.ready === true)).toBe(true);
  });
});
