// runDemo starts the real embedded server, seeds it through HTTP and runs the live runs.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../src/api/index.js';
import { runDemo, type RunningDemo } from '../../src/demo/run-demo.js';

const started: RunningDemo[] = [];
const dirs: string[] = [];

afterEach(async () => {
  for (const demo of started.splice(0)) await demo.stop();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function start(opts: { dbPath?: string; signal?: AbortSignal } = {}): Promise<RunningDemo> {
  const demo = await runDemo({
    signal: opts.signal ?? new AbortController().signal,
    log: () => undefined,
    intervalMs: 30,
    bigLogLines: 2000,
    ...(opts.dbPath ? { dbPath: opts.dbPath } : {}),
  });
  started.push(demo);
  return demo;
}

describe('runDemo', () => {
  it('serves the seeded demo with live runs on a temp database, and removes it on stop', async () => {
    const demo = await start();
    expect(demo.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(demo.seeded?.tasks.length).toBeGreaterThan(0);
    expect(demo.liveTaskIds).toHaveLength(3);
    expect(existsSync(demo.dbPath)).toBe(true);

    const client = createClient({ apiHost: demo.url, ...demo.credentials });
    try {
      const task = demo.liveTaskIds[0] ?? '';
      const first =
        (await client.tasks.getAllEx({ id: [task], only_fields: ['last_iteration'] })).tasks[0]?.last_iteration ?? 0;
      const deadline = Date.now() + 10_000;
      let now = first;
      while (now < first + 2 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 30));
        now =
          (await client.tasks.getAllEx({ id: [task], only_fields: ['last_iteration'] })).tasks[0]?.last_iteration ?? 0;
      }
      expect(now).toBeGreaterThanOrEqual(first + 2);
    } finally {
      await client.close();
    }

    await demo.stop();
    expect(existsSync(dirname(demo.dbPath))).toBe(false);
    await demo.stop();
  });

  it('stops when its signal aborts', async () => {
    const controller = new AbortController();
    const demo = await start({ signal: controller.signal });
    controller.abort();
    await demo.liveRuns.done;
    await demo.stop();
    expect(existsSync(dirname(demo.dbPath))).toBe(false);
    await expect(fetch(`${demo.url}/auth.login`)).rejects.toThrow();
  });

  it('resumes the running tasks of a database it seeded before instead of seeding again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tracktop-demo-test-'));
    dirs.push(dir);
    const dbPath = join(dir, 'demo.db');
    const first = await start({ dbPath });
    const firstIds = [...first.liveTaskIds].sort();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await first.stop();
    expect(existsSync(dbPath)).toBe(true);
    const before = first.liveRuns.stats().nextIter;

    const second = await start({ dbPath });
    expect(second.seeded).toBeUndefined();
    expect([...second.liveTaskIds].sort()).toEqual(firstIds);
    const resumedAt = second.liveRuns.stats().nextIter;
    for (const id of firstIds) expect(resumedAt[id]).toBeGreaterThanOrEqual(before[id] ?? Infinity);
    // The same people write on, through the pairs kept beside the database.
    expect(second.users).toHaveLength(3);
    expect(second.users).toEqual(first.users);
    const ticks = second.liveRuns.stats().ticks;
    while (second.liveRuns.stats().ticks < ticks + 3) await new Promise((resolve) => setTimeout(resolve, 30));
    expect(second.liveRuns.stats()).toMatchObject({ failedWrites: 0 });
    const client = createClient({ apiHost: second.url, ...second.credentials });
    try {
      const { tasks: reports } = await client.reports.getAllEx({ only_fields: ['id'] });
      expect(reports).toHaveLength(first.seeded?.reports.length ?? -1);
    } finally {
      await client.close();
    }
  });
});
