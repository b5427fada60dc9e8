import { describe, expect, it } from 'vitest';
import { DataShapeError } from '../../../src/store/core/errors.js';
import {
  parseDebugImages,
  parseHistogram,
  parseLogEvents,
  parseReportPage,
  parseSingleValues,
  parseTaskPage,
  reportProjectName,
} from '../../../src/store/core/parse.js';

describe('parseTaskPage', () => {
  it('turns task records into rows with epoch times and the archived flag', () => {
    const page = parseTaskPage(
      {
        tasks: [
          {
            id: 't1',
            name: 'train',
            status: 'in_progress',
            type: 'training',
            project: { id: 'p', name: 'vision' },
            user: { id: 'u', name: 'ann' },
            last_update: '2025-01-01T10:20:30.123000+00:00',
            last_iteration: 42,
            system_tags: ['archived'],
          },
        ],
        scroll_id: 'abc',
      },
      'reports.get_task_data',
    );
    expect(page.scrollId).toBe('abc');
    expect(page.rows[0]).toMatchObject({
      id: 't1',
      project: 'vision',
      user: 'ann',
      lastUpdate: Date.UTC(2025, 0, 1, 10, 20, 30, 123),
      lastIteration: 42,
      archived: true,
      started: null,
      tags: [],
    });
  });

  it('skips records without an id and blanks fields of the wrong type', () => {
    const page = parseTaskPage(
      { tasks: [null, { name: 'no id' }, { id: 'ok', name: 7, last_iteration: 'x', tags: ['a', 3] }] },
      'e',
    );
    expect(page.rows).toHaveLength(1);
    expect(page.rows[0]).toMatchObject({ id: 'ok', name: '', lastIteration: null, tags: ['a'] });
  });

  it('throws a DataShapeError naming the endpoint when the list is missing', () => {
    expect(() => parseTaskPage({ items: [] }, 'reports.get_task_data')).toThrow(DataShapeError);
    expect(() => parseTaskPage('garbage', 'reports.get_task_data')).toThrow(/reports.get_task_data|not an object/);
  });
});

describe('reports', () => {
  it('strips the hidden .reports part of the project name', () => {
    expect(reportProjectName('team/.reports')).toBe('team');
    expect(reportProjectName('.reports')).toBeNull();
    expect(reportProjectName('a/b/.reports')).toBe('a/b');
  });

  it('reads the body from the report field', () => {
    const page = parseReportPage(
      { tasks: [{ id: 'r', report: '# Title', project: { id: 'p', name: 'x/.reports' } }] },
      'e',
    );
    expect(page.rows[0]).toMatchObject({
      body: '# Title',
      project: 'x',
      projectId: 'p',
      status: 'created',
      archived: false,
    });
  });
});

describe('scalars', () => {
  it('turns ISO x values into epoch ms, sorts by x, keeps non-numeric y as NaN and bounds the points', () => {
    const series = parseHistogram(
      {
        loss: {
          train: {
            x: ['2025-01-01T00:00:02.000Z', '2025-01-01T00:00:01.000Z', 'bad', '2025-01-01T00:00:03.000Z'],
            y: [2, 1, 9, null],
          },
        },
        junk: 4,
      },
      'e',
      2,
    );
    const base = Date.UTC(2025, 0, 1);
    expect(series.loss?.train?.x).toEqual([base + 2000, base + 3000]);
    expect(series.loss?.train?.y[0]).toBe(2);
    expect(series.loss?.train?.y[1]).toBeNaN();
    expect(series.junk).toBeUndefined();
  });
});

describe('logs', () => {
  it('keeps log events with a numeric timestamp and fills missing fields', () => {
    const events = parseLogEvents(
      {
        events: [
          { timestamp: 5, msg: 'a\nb', level: 'warning', worker: 'w1' },
          { timestamp: 6 },
          { msg: 'no ts' },
          'junk',
        ],
      },
      'events.get_task_log',
    );
    expect(events).toEqual([
      { timestamp: 5, msg: 'a\nb', level: 'warning', worker: 'w1' },
      { timestamp: 6, msg: '', level: 'info', worker: '' },
    ]);
  });

  it('throws a DataShapeError when there is no events list', () => {
    expect(() => parseLogEvents({ total: 3 }, 'events.get_task_log')).toThrow(DataShapeError);
  });
});

describe('artifacts', () => {
  it('lists debug images at their newest iteration and skips events without a url', () => {
    const items = parseDebugImages(
      {
        metrics: [
          {
            task: 't',
            iterations: [
              { iter: 1, events: [{ metric: 'img', variant: 'a', iter: 1, url: 'u1' }] },
              {
                iter: 3,
                events: [
                  { metric: 'img', variant: 'a', iter: 3, url: 'u3' },
                  { metric: 'img', variant: 'b', iter: 3 },
                ],
              },
            ],
          },
        ],
      },
      'e',
    );
    expect(items.map((i) => i.url)).toEqual(['u3']);
  });

  it('lists each metric/variant once, at its newest iteration', () => {
    const event = (variant: string, iter: number) => ({ metric: 'samples', variant, iter, url: `${variant}-${iter}` });
    const items = parseDebugImages(
      {
        metrics: [
          {
            task: 't',
            iterations: [
              { iter: 290, events: [event('input', 290), event('output', 290)] },
              { iter: 280, events: [event('input', 280), event('output', 280)] },
              { iter: 270, events: [event('input', 270), event('mask', 270)] },
            ],
          },
        ],
      },
      'e',
    );
    expect(items.map((i) => i.url)).toEqual(['input-290', 'output-290', 'mask-270']);
  });

  it('keeps only the single values of the asked task', () => {
    const rows = parseSingleValues(
      {
        tasks: [
          { task: 'other', values: [{ metric: 'm', variant: 'v', value: 1 }] },
          { task: 't', values: [{ metric: 'acc', variant: 'test', value: 0.9, timestamp: 7 }] },
        ],
      },
      'e',
      't',
    );
    expect(rows).toEqual([{ metric: 'acc', variant: 'test', value: 0.9, timestamp: 7 }]);
  });
});
