// The log layout on disk (v5): a 75-character log line costs at most 120 bytes (the v2 layout
// took 277), and every log query is answered from a primary key range, never by sorting.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../helpers/events-harness.js';
import { add } from '../../helpers/events-seed.js';

let h: Harness;
beforeEach(async () => {
  h = await createHarness();
});
afterEach(async () => {
  await h.close();
});

const LINES = 20_000;

describe('log storage layout', () => {
  it('stores a 75-character log line in at most 120 bytes (tables and indexes)', async () => {
    const t = h.task();
    for (let first = 0; first < LINES; first += 5000) {
      const batch = Array.from({ length: 5000 }, (_, i) => ({
        task: t,
        type: 'log',
        iter: Math.floor((first + i) / 100),
        // A live log: each line written a few seconds after its timestamp.
        timestamp: h.now - 20_000 + first + i,
        level: 'info',
        msg: `step ${first + i}: loss=0.1234 lr=0.001`.padEnd(75, '.'),
      }));
      await add(h, batch);
    }
    const bytes = h.db
      .prepare("SELECT sum(pgsize) FROM dbstat WHERE name IN ('log_events', 'log_iterations')")
      .pluck()
      .get() as number;
    expect(bytes / LINES).toBeLessThanOrEqual(120);
    const page = await h.call('events.get_task_log', { task: t, batch_size: 3 });
    expect(page.data.events.map((e: { msg: string }) => e.msg.slice(0, 11))).toEqual([
      'step 19999:',
      'step 19998:',
      'step 19997:',
    ]);
    expect(page.data.total).toBe(10_000);
  });

  it('answers the log page queries by a range of the primary key, without sorting', () => {
    const owner = '(SELECT id FROM event_owners WHERE owner = ?)';
    const plans = [
      `SELECT * FROM log_events WHERE owner = ${owner} ORDER BY timestamp DESC, seq DESC LIMIT 5000`,
      `SELECT * FROM log_events WHERE owner = ${owner} AND timestamp < ? ORDER BY timestamp DESC, seq DESC LIMIT 5000`,
      `SELECT * FROM log_events WHERE owner = ${owner} AND (timestamp, seq) > (?, ?) ORDER BY timestamp, seq LIMIT 9`,
      // By iteration (log-iterations.ts): the iterations in order, then each one's time range.
      `SELECT iter, min(first_timestamp), max(last_timestamp) FROM log_iterations
       WHERE owner = ? AND series IN (SELECT value FROM json_each(?)) AND iter > ? GROUP BY iter ORDER BY iter DESC LIMIT 64`,
      `SELECT * FROM log_events WHERE owner = ? AND timestamp BETWEEN ? AND ? AND (timestamp, seq) > (?, ?)
       AND iter = ? AND series IN (SELECT value FROM json_each(?)) ORDER BY timestamp, seq LIMIT 9`,
      `SELECT max(iter) FROM log_iterations WHERE owner = ${owner}`,
    ].map((sql) =>
      (
        h.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...Array.from(sql.matchAll(/\?/g), () => 1)) as {
          detail: string;
        }[]
      )
        .map((r) => r.detail)
        .join('; '),
    );
    for (const plan of plans) {
      expect(plan).toMatch(/SEARCH (log_events|log_iterations) USING PRIMARY KEY \(owner=\?/);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
  });
});
