// The chart draws what the task holds: the server answers bucket means (docs/wire-facts.md §8),
// and the store puts back the extremes last_metrics keeps, and counts what a log scale leaves
// out on the points, not on the buckets. Against the embedded server, which averages buckets
// as real servers do.
import { afterEach, describe, expect, it } from 'vitest';
import { renderChart } from '../../../src/text/chart.js';
import { chartView } from '../../../src/text/chart-scale.js';
import { axisInfo } from '../../../src/ui/panes/ChartPane.js';
import type { ScalarSeries } from '../../../src/store/types.js';
import {
  addScalars,
  createTask,
  monitorFixture,
  requestBodies,
  type MonitorFixture,
} from '../../helpers/store-fixture.js';

let fx: MonitorFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

const SPIKE_AT = 12_000;
const DIP_AT = 12_003;

/** 20,000 points around 3, one spike of 1234.5 and, three iterations later, a dip of -567.5. */
function spiky(i: number): number {
  if (i === SPIKE_AT) return 1234.5;
  if (i === DIP_AT) return -567.5;
  return 3 + Math.sin(i / 500);
}

async function seriesOf(fx: MonitorFixture, metric: string, variant: string): Promise<ScalarSeries> {
  await fx.until((s) => s.scalars.series[metric]?.[variant] !== undefined && !s.scalars.loading, 'the series');
  return fx.state().scalars.series[metric]?.[variant] as ScalarSeries;
}

function view(series: ScalarSeries, log: boolean) {
  return chartView([{ name: 'value', ...series }], { smooth: null, since: false, log });
}

describe('the chart of a fetched series', () => {
  it('reaches the spike and the dip of 20,000 points that the server averages away', async () => {
    fx = await monitorFixture();
    const task = await createTask(fx.writer, 'spiky');
    for (let from = 0; from < 20_000; from += 5000)
      await addScalars(
        fx.writer,
        task,
        'loss',
        'value',
        Array.from({ length: 5000 }, (_, k) => spiky(from + k)),
        from,
      );
    fx.store.getState().actions.start();
    const series = await seriesOf(fx, 'loss', 'value');
    // The ordinary request: about as many samples as columns, so the answer holds bucket means.
    const asked = requestBodies(fx, 'events.scalar_metrics_iter_histogram')[0];
    expect(asked).toMatchObject({ task, samples: fx.state().scalars.samples, key: 'iter' });
    expect(Math.max(...series.y)).toBe(1234.5);
    expect(Math.min(...series.y)).toBe(-567.5);
    expect(series.x[series.y.indexOf(1234.5)]).toBe(SPIKE_AT);
    expect(series.x[series.y.indexOf(-567.5)]).toBe(DIP_AT);

    const rows = renderChart(view(series, false).series, { width: 80, height: 20 }).slice(0, -2);
    const axis = (rows[0] as string).search(/[┤┼]/);
    expect((rows[0] as string).slice(0, axis).trim()).toBe('1,234.5');
    expect((rows.at(-1) as string).slice(0, axis).trim()).toBe('-567.5');
    expect((rows[0] as string).slice(axis + 1).trim()).not.toBe('');
    expect((rows.at(-1) as string).slice(axis + 1).trim()).not.toBe('');
    expect(axisInfo('iter', false, view(series, false))).toEqual(['x: iter']);

    // On a time axis iterations cannot be placed: the pane says the extremes are averaged out.
    fx.store.getState().actions.cycleXAxis();
    await fx.until((s) => s.scalars.seriesAxis === 'time' && !s.scalars.loading, 'the time axis');
    const timed = await seriesOf(fx, 'loss', 'value');
    expect(Math.max(...timed.y)).toBeLessThan(1234.5);
    expect(axisInfo('time', false, view(timed, false))).toEqual([
      'x: time',
      'min/max averaged out (x: iter shows them)',
    ]);
  });

  it('counts the points a log scale leaves out, not the buckets, at any width', async () => {
    fx = await monitorFixture();
    const task = await createTask(fx.writer, 'negative');
    await addScalars(
      fx.writer,
      task,
      'reward',
      'mean',
      Array.from({ length: 100 }, (_, i) => -1 - i),
    );
    const { actions } = fx.store.getState();
    actions.setChartColumns(50);
    actions.start();
    const narrow = await seriesOf(fx, 'reward', 'mean');
    expect(axisInfo('iter', true, view(narrow, true))).toContain('log y: 100 values <= 0 not drawn');
    // 50 bucket means of two points each, and the two extremes put back.
    expect(narrow.means).toBe(true);
    expect(narrow.y.length).toBe(52);

    // Zoomed: more columns, more samples (here every point).
    actions.setChartColumns(100);
    await fx.until((s) => s.scalars.series.reward?.mean?.y.length === 100, 'every point');
    const wide = await seriesOf(fx, 'reward', 'mean');
    expect(axisInfo('iter', true, view(wide, true))).toContain('log y: 100 values <= 0 not drawn');
    expect(wide.means).toBe(false);
  });
});
