// The task list's sort fields (`o` in the monitor) ordered by the server for
// reports.get_task_data, across scroll pages, with ties broken by the newest update.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { withApi } from '../helpers/http.js';

let clock = Date.parse('2025-03-01T12:00:00.000Z');
const api = withApi({ now: () => clock });
const ids: Record<string, string> = {};

// bravo: completed, started first, iteration 30; alpha: failed, iteration 10; charlie:
// in_progress, started last, iteration 20; delta: created (never started, iteration 0).
beforeAll(async () => {
  const make = async (name: string): Promise<string> => {
    clock += 1000;
    const { id } = await api.ok('tasks.create', { name, type: 'training' });
    ids[name] = id;
    return id;
  };
  const start = async (id: string, iter: number): Promise<void> => {
    clock += 1000;
    await api.ok('tasks.started', { task: id });
    await api.ok('events.add', {
      task: id,
      type: 'training_stats_scalar',
      metric: 'loss',
      variant: 'train',
      iter,
      value: 1,
      timestamp: clock,
    });
  };
  const bravo = await make('bravo');
  const alpha = await make('alpha');
  const charlie = await make('charlie');
  await make('delta');
  await start(bravo, 30);
  await start(alpha, 10);
  await start(charlie, 20);
  clock += 1000;
  await api.ok('tasks.completed', { task: bravo, force: true });
  clock += 1000;
  await api.ok('tasks.failed', { task: alpha, force: true });
});

const nameOf = (id: string): string => Object.entries(ids).find(([, v]) => v === id)?.[0] ?? id;

/** Every task in the order given, read two per page through the scroll cursor. */
async function ordered(orderBy: string[]): Promise<string[]> {
  const out: string[] = [];
  let scrollId = '';
  for (let page = 0; page < 5; page++) {
    const answer = await api.ok('reports.get_task_data', {
      only_fields: ['id', 'name'],
      order_by: orderBy,
      size: 2,
      scroll_id: scrollId,
    });
    out.push(...(answer.tasks as { id: string }[]).map((t) => nameOf(t.id)));
    scrollId = answer.scroll_id as string;
    if ((answer.tasks as unknown[]).length < 2) break;
  }
  return out;
}

describe('reports.get_task_data order_by (the task list sort fields)', () => {
  it('name, both ways', async () => {
    expect(await ordered(['name', '-last_update'])).toEqual(['alpha', 'bravo', 'charlie', 'delta']);
    expect(await ordered(['-name', '-last_update'])).toEqual(['delta', 'charlie', 'bravo', 'alpha']);
  });

  it('last update, newest first', async () => {
    expect(await ordered(['-last_update'])).toEqual(['alpha', 'bravo', 'charlie', 'delta']);
  });

  it('status, ties by the newest update', async () => {
    expect(await ordered(['status', '-last_update'])).toEqual(['bravo', 'delta', 'alpha', 'charlie']);
  });

  it('started (tasks never started last in either direction) and iteration', async () => {
    expect(await ordered(['-started', '-last_update'])).toEqual(['charlie', 'alpha', 'bravo', 'delta']);
    expect(await ordered(['started', '-last_update'])).toEqual(['bravo', 'alpha', 'charlie', 'delta']);
    expect(await ordered(['-last_iteration', '-last_update'])).toEqual(['bravo', 'charlie', 'alpha', 'delta']);
    // A new task's iteration is 0 (as on ClearML servers), not empty: it sorts as 0.
    expect(await ordered(['last_iteration', '-last_update'])).toEqual(['delta', 'alpha', 'charlie', 'bravo']);
  });

  it("a metric's last value (last_metrics.<md5 metric>.<md5 variant>.value), tasks without it last", async () => {
    const md5 = (text: string): string => createHash('md5').update(text).digest('hex');
    for (const [name, value] of [
      ['alpha', 0.7],
      ['charlie', 0.9],
    ] as const) {
      clock += 1000;
      await api.ok('events.add', {
        task: ids[name],
        type: 'training_stats_scalar',
        metric: 'val',
        variant: 'acc',
        iter: 40,
        value,
        timestamp: clock,
      });
    }
    const field = `last_metrics.${md5('val')}.${md5('acc')}.value`;
    expect((await ordered([`-${field}`, '-last_update'])).slice(0, 2)).toEqual(['charlie', 'alpha']);
    expect((await ordered([field, '-last_update'])).slice(0, 2)).toEqual(['alpha', 'charlie']);
  });
});
