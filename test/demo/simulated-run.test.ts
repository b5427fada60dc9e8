import { describe, expect, it } from 'vitest';
import { scalarsAt } from '../../src/demo/curves.js';
import { createRng } from '../../src/demo/random.js';
import {
  IMAGE_HISTORY,
  debugImageEvents,
  iterationEvents,
  plotEvents,
  singleValueEvents,
  summaryValues,
  type SimulatedRun,
} from '../../src/demo/simulated-run.js';
import { SINGLE_VALUE_ITER, type EventInput } from '../../src/wire/events.js';

const run = (kind: SimulatedRun['shape']['kind']): SimulatedRun => ({
  taskId: 'a'.repeat(32),
  name: `${kind}-run`,
  shape: { kind, seed: 17, totalIters: 500, warmupIters: 10, baseLr: 0.1, valEvery: 5, difficulty: 0.3 },
  itersPerEpoch: 25,
  plotEvery: 25,
  imageEvery: 10,
  filesBaseUrl: 'http://127.0.0.1:8008',
  worker: 'gpu-1',
});

const ofType = <T extends EventInput['type']>(events: EventInput[], type: T) =>
  events.filter((e): e is Extract<EventInput, { type: T }> => e.type === type);

describe('iterationEvents', () => {
  it('reports every scalar of the iteration and the requested number of log events', () => {
    const r = run('vision');
    const events = iterationEvents(r, 7, 1000, createRng(1), { logLines: 6 });
    const scalars = ofType(events, 'training_stats_scalar');
    expect(scalars.map((s) => [s.metric, s.variant, s.value])).toEqual(
      scalarsAt(r.shape, 7).map((p) => [p.metric, p.variant, p.value]),
    );
    expect(scalars.every((s) => s.iter === 7 && s.task === r.taskId && s.worker === 'gpu-1')).toBe(true);
    const logs = ofType(events, 'log');
    expect(logs).toHaveLength(6);
    for (let i = 1; i < logs.length; i += 1)
      expect(logs[i]?.timestamp).toBeGreaterThanOrEqual(logs[i - 1]?.timestamp ?? Infinity);
  });

  it('reports plots on the plot schedule and images on the image schedule only', () => {
    const r = run('vision');
    const at = (iter: number) => iterationEvents(r, iter, 1000, createRng(2), { logLines: 0 });
    expect(ofType(at(25), 'plot').length).toBeGreaterThan(0);
    expect(ofType(at(26), 'plot')).toHaveLength(0);
    expect(ofType(at(20), 'training_debug_image').length).toBeGreaterThan(0);
    expect(ofType(at(21), 'training_debug_image')).toHaveLength(0);
    expect(
      ofType(
        iterationEvents(r, 21, 1000, createRng(2), {
          logLines: 0,
          forcePlots: true,
          forceImages: true,
          forceSummary: true,
        }),
        'plot',
      ).length,
    ).toBeGreaterThan(0);
  });

  it('reports single values under Summary at iteration -2^31 when asked', () => {
    const events = iterationEvents(run('nlp'), 40, 1000, createRng(3), { logLines: 0, forceSummary: true });
    const single = ofType(events, 'training_stats_scalar').filter((e) => e.iter === SINGLE_VALUE_ITER);
    expect(single.length).toBeGreaterThanOrEqual(3);
    expect(single.every((e) => e.metric === 'Summary')).toBe(true);
    expect(single.map((e) => e.variant)).toContain('best_accuracy_val');
  });
});

describe('plots and images', () => {
  it('supervised runs report histogram, confusion matrix, scatter and table plots that parse as JSON', () => {
    const plots = plotEvents(run('vision'), 50, 1000, createRng(4));
    const types = plots.map((p) => (JSON.parse(p.plot_str) as { data: { type: string }[] }).data[0]?.type);
    expect(types.sort()).toEqual(['bar', 'heatmap', 'scatter', 'table']);
    expect(new Set(plots.map((p) => `${p.metric}/${p.variant}`)).size).toBe(plots.length);
  });

  it('RL runs report plots that parse as JSON too', () => {
    for (const p of plotEvents(run('rl'), 50, 1000, createRng(5)))
      expect(() => JSON.parse(p.plot_str) as unknown).not.toThrow();
  });

  it('debug image URLs point at the files host, named as the SDK names them, and cycle through a few names', () => {
    const r = run('vision');
    const urls = new Set<string>();
    for (let iter = 0; iter < 200; iter += 10) for (const e of debugImageEvents(r, iter, 1)) urls.add(e.url);
    expect(urls.size).toBe(IMAGE_HISTORY * 2);
    expect([...urls]).toContain(
      `http://127.0.0.1:8008/tracktop-demo/${r.name}.${r.taskId}/metrics/samples/input/samples_input_00000000.png`,
    );
  });

  it('singleValueEvents writes one Summary scalar per value', () => {
    expect(singleValueEvents('t', 5, { a: 1, b: 2 }, 'w')).toEqual([
      {
        type: 'training_stats_scalar',
        task: 't',
        iter: SINGLE_VALUE_ITER,
        timestamp: 5,
        metric: 'Summary',
        variant: 'a',
        value: 1,
        worker: 'w',
      },
      {
        type: 'training_stats_scalar',
        task: 't',
        iter: SINGLE_VALUE_ITER,
        timestamp: 5,
        metric: 'Summary',
        variant: 'b',
        value: 2,
        worker: 'w',
      },
    ]);
  });
});

describe('summaryValues', () => {
  it("names the best accuracy/val so far (not the last), and the hours since the run's start", () => {
    const r = { ...run('vision'), startedMs: Date.UTC(2026, 0, 1) };
    const best = Math.max(
      ...Array.from({ length: 61 }, (_, k) => scalarsAt(r.shape, 5 * k)).map(
        (points) => points.find((p) => p.metric === 'accuracy' && p.variant === 'val')?.value ?? -1,
      ),
    );
    // Asked in steps (as a live run asks) and at once: the same answer.
    for (const iter of [100, 250, 303]) summaryValues(r, iter, 0);
    const later = summaryValues(r, 303, Date.UTC(2026, 0, 1, 2, 30));
    expect(later.best_accuracy_val).toBe(best);
    expect(summaryValues({ ...r }, 303, 0).best_accuracy_val).toBe(best);
    expect(later.train_hours).toBe(2.5);
    expect(later.iterations).toBe(304);
  });
});
