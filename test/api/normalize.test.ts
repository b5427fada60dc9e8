import { describe, expect, it } from 'vitest';
import {
  normalizeResponse,
  prepareRequest,
  toDebugImages,
  toDeletedCount,
  toLatestScalarValues,
  toMetricsAndVariants,
  toScalarHistogram,
  toVectorHistogram,
} from '../../src/api/normalize.js';

const T = '0123456789abcdef0123456789abcdef';

describe('scalar histogram', () => {
  it('keeps the real {metric: {variant: series}} map as it is', () => {
    const real = { loss: { train: { name: 'train', x: [0, 1], y: [2, 1], x_axis_label: 'epoch' } } };
    expect(toScalarHistogram(real)).toEqual(real);
  });

  it('keeps a metric literally named "images"', () => {
    const real = { images: { count: { name: 'count', x: [0], y: [3] } } };
    expect(toScalarHistogram(real)).toEqual(real);
  });

  it('converts the spec images array of per-variant series', () => {
    const spec = {
      images: [
        { metric: 'loss', variant: 'train', x: [0, 1], y: [2, 1] },
        { metric: 'loss', variant: 'val', name: 'validation', x: [0, 1], y: [3, 2] },
        { metric: 'acc', variants: { val: { name: 'val', x: [1], y: [0.5] } } },
        { lr: { main: { name: 'main', x: [0], y: [0.1] } } },
        'not a series',
      ],
    };
    expect(toScalarHistogram(spec)).toEqual({
      loss: { train: { name: 'train', x: [0, 1], y: [2, 1] }, val: { name: 'validation', x: [0, 1], y: [3, 2] } },
      acc: { val: { name: 'val', x: [1], y: [0.5] } },
      lr: { main: { name: 'main', x: [0], y: [0.1] } },
    });
  });

  it('answers an empty map for no data or garbage', () => {
    expect(toScalarHistogram({})).toEqual({});
    expect(toScalarHistogram(null)).toEqual({});
    expect(toScalarHistogram({ images: [] })).toEqual({});
  });
});

describe('latest scalar values', () => {
  it('fills last_10_value from the spec last_100_value', () => {
    const res = toLatestScalarValues({
      metrics: [{ name: 'loss', variants: [{ name: 'train', last_value: 0.3, last_100_value: 0.4 }] }],
    });
    expect(res.metrics[0]?.variants[0]).toEqual({
      name: 'train',
      last_value: 0.3,
      last_10_value: 0.4,
      last_100_value: 0.4,
    });
  });

  it('keeps both when the server sends both', () => {
    const variant = { name: 'train', last_value: 0.3, last_10_value: 0.3, last_100_value: 0.35 };
    expect(toLatestScalarValues({ metrics: [{ name: 'loss', variants: [variant] }] }).metrics[0]?.variants[0]).toEqual(
      variant,
    );
  });

  it('answers an empty list when metrics are missing', () => {
    expect(toLatestScalarValues({ last_iter: 0 })).toEqual({ last_iter: 0, metrics: [] });
  });
});

describe('deleted counts', () => {
  it('turns the spec boolean into a count and keeps real counts', () => {
    expect(toDeletedCount({ deleted: true })).toEqual({ deleted: 1 });
    expect(toDeletedCount({ deleted: false })).toEqual({ deleted: 0 });
    expect(toDeletedCount({ deleted: 17 })).toEqual({ deleted: 17 });
  });
});

describe('metrics and variants', () => {
  it('keeps the real object form', () => {
    expect(toMetricsAndVariants({ metrics: { loss: ['train', 'val'] } })).toEqual({
      metrics: { loss: ['train', 'val'] },
    });
  });

  it('converts array forms of entries, named variants and bare metric names', () => {
    expect(
      toMetricsAndVariants({
        metrics: [{ metric: 'a', variants: ['x'] }, { name: 'b', variants: [{ name: 'y' }] }, 'c'],
      }),
    ).toEqual({ metrics: { a: ['x'], b: ['y'], c: [] } });
  });
});

describe('vector histogram', () => {
  it('keeps the real form', () => {
    const real = { metric: 'h', variant: 'v', vectors: [[1], [2]], iterations: [0, 1] };
    expect(toVectorHistogram(real, { task: T, metric: 'h', variant: 'v' })).toEqual(real);
  });

  it('converts the spec images array of vector events, ordered by iteration', () => {
    const spec = {
      images: [
        { iter: 2, value: [3, 4] },
        { iter: 0, values: [1, 2] },
      ],
    };
    expect(toVectorHistogram(spec, { task: T, metric: 'h', variant: 'v' })).toEqual({
      metric: 'h',
      variant: 'v',
      vectors: [
        [1, 2],
        [3, 4],
      ],
      iterations: [0, 2],
    });
  });
});

describe('debug images', () => {
  it('groups the legacy images list by iteration, newest first', () => {
    const image = (iter: number, url: string) => ({
      task: T,
      type: 'training_debug_image',
      iter,
      metric: 'm',
      variant: 'v',
      url,
    });
    const legacy = {
      task: T,
      images: [image(1, 'a'), image(2, 'b'), image(1, 'c')],
      returned: 3,
      total: 3,
      scroll_id: 's1',
    };
    expect(toDebugImages(legacy, undefined)).toEqual({
      returned: 3,
      total: 3,
      scroll_id: 's1',
      metrics: [
        {
          task: T,
          iterations: [
            { iter: 2, events: [image(2, 'b')] },
            { iter: 1, events: [image(1, 'a'), image(1, 'c')] },
          ],
        },
      ],
    });
  });

  it('keeps the current form and fills a missing metrics list', () => {
    const current = { scroll_id: 's', metrics: [{ task: T, iterations: [] }] };
    expect(toDebugImages(current, undefined)).toEqual(current);
    expect(toDebugImages({}, undefined)).toEqual({ metrics: [] });
  });
});

describe('dispatch and requests', () => {
  it('normalises only the endpoints that need it', () => {
    expect(normalizeResponse('events.delete_for_task', { deleted: true }, {})).toEqual({ deleted: 1 });
    expect(normalizeResponse('reports.delete', { deleted: true }, {})).toEqual({ deleted: true });
  });

  it('sends report status text under both comment and message', () => {
    expect(prepareRequest('reports.archive', { task: T, message: 'm' })).toEqual({
      task: T,
      message: 'm',
      comment: 'm',
    });
    expect(prepareRequest('reports.publish', { task: T, comment: 'c' })).toEqual({
      task: T,
      comment: 'c',
      message: 'c',
    });
    expect(prepareRequest('reports.unarchive', { task: T })).toEqual({ task: T });
    expect(prepareRequest('reports.update', { task: T, comment: 'c' })).toEqual({ task: T, comment: 'c' });
  });
});
