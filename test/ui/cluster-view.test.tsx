// The Cluster view drawn from fixed store states at 60x20 and 200x50: the `3` key and header
// tab, the workers' lines (state, names, bars, last seen) and the queues' lines, names
// sanitised, relative times measured from the data's time, and the queue keys' hints.
import { afterEach, describe, expect, it } from 'vitest';
import type { ClusterState, MonitorStore } from '../../src/store/types.js';
import { displayWidth } from '../../src/text/sanitize.js';
import { KEYS } from '../helpers/render.js';
import { fixedStore, NOW, renderMonitor, type MonitorRender } from '../helpers/ui-fixture.js';

let current: MonitorRender | undefined;
afterEach(() => {
  current?.unmount();
  current = undefined;
});

const queue = (name: string, length: number, workers: number, names: string[], id = name) => ({
  id,
  name,
  length,
  workers,
  entries: names.map((n, i) => ({ taskId: `${id}-t${i}`, name: n, added: NOW - (300 - i * 60) * 1000 })),
});

function cluster(): Partial<ClusterState> {
  return {
    workers: [
      {
        id: 'gpu-box:0',
        user: 'ada',
        taskId: 't-running',
        taskName: 'train-resnet50-lr0.1',
        project: 'vision/resnet',
        lastSeen: NOW - 10_000,
        queues: ['gpu-queue'],
      },
      {
        id: 'evil\u001b[31m:1',
        user: 'bob\u0007',
        taskId: null,
        taskName: '',
        project: '',
        lastSeen: NOW - 125_000,
        queues: ['gpu-queue'],
      },
    ],
    queues: [
      queue('gpu-queue', 12, 2, ['sweep-batch-256', 'sweep-batch-512']),
      queue('cpu\u001b]0;title\u0007', 1, 0, ['etl-nightly']),
    ],
    bars: { 'gpu-box:0': { cpu: 50, gpu: 100, memory: 25 } },
    spark: { worker: 'gpu-box:0', cpu: [10, 50, 90], gpu: [100, 100, 0] },
    selectedWorker: 'gpu-box:0',
    workerIndex: 0,
    selectedEntry: { queue: 'gpu-queue', task: 'gpu-queue-t0' },
    entryIndex: 0,
    asOf: NOW,
  };
}

function clusterStore(opts: { cols: number; rows: number; readOnly?: boolean }): MonitorStore {
  const store = fixedStore(opts);
  store.setState((s) => ({ cluster: { ...s.cluster, ...cluster() } }));
  return store;
}

async function open(columns: number, rows: number, readOnly = false): Promise<MonitorRender> {
  current = renderMonitor(clusterStore({ cols: columns, rows, readOnly }), { columns, rows });
  await current.press('3');
  return current;
}

function expectFits(m: MonitorRender, columns: number, rows: number): void {
  const lines = m.lines();
  expect(lines.length).toBeLessThanOrEqual(rows - 1);
  for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(columns);
}

describe('the Cluster view at 200x50', () => {
  it('shows the workers above and the queues below', async () => {
    const m = await open(200, 50);
    expect(m.store.getState().ui.view).toBe('cluster');
    const screen = m.lines().join('\n');
    expect(m.lines()[0]).toContain('3 Cluster');
    expectFits(m, 200, 50);
    const busy = m.lines().find((l) => l.includes('gpu-box:0')) ?? '';
    expect(busy).toMatch(/▶ gpu-box:0 +ada +train-resnet50-lr0\.1 +vision\/resnet +██·· +████ +█··· +10s ago/);
    const idle = m.lines().find((l) => l.includes('evil')) ?? '';
    expect(idle).toMatch(/· evil.*idle.*- +- +- +2m ago/);
    expect(screen).toContain('1 running, 1 idle');
    expect(screen).toMatch(/cpu 1h [▁-█]/);
    expect(screen).toMatch(/gpu-queue +12 waiting, oldest 5m 00s, 2 workers/);
    expect(screen).toMatch(/1\. sweep-batch-256 +5m 00s/);
    expect(screen).toMatch(/2\. sweep-batch-512 +4m 00s/);
    expect(screen).toMatch(/1 waiting, oldest 5m 00s, 0 workers/);
    expect(screen).toContain('2 workers, 2 queues');
  });

  it('draws no control character a server name carries', async () => {
    const m = await open(200, 50);
    const frame = m.lines().join('\n');
    expect(frame).not.toMatch(/\u001b\[31m|\u0007|\u001b\]0;/);
    expect(frame).toContain('evil');
  });

  it('measures relative times from the data, not the clock', async () => {
    const m = await open(200, 50);
    // The fixed data is from NOW (2025); the clock is later: "10s ago" still reads from the data.
    expect(Date.now()).toBeGreaterThan(NOW + 60_000);
    expect(m.lines().join('\n')).toContain('10s ago');
  });

  it('hints the queue keys in the queues pane, and not with --read-only', async () => {
    const m = await open(200, 50);
    await m.press('4');
    expect(m.store.getState().ui.focus.cluster).toBe('queues');
    const footer = m.lines().slice(-2).join('\n');
    expect(footer).toContain('[/] reorder');
    expect(footer).toContain('d remove');
    current?.unmount();
    const ro = await open(200, 50, true);
    await ro.press('4');
    const roFooter = ro.lines().slice(-2).join('\n');
    expect(roFooter).not.toContain('reorder');
    expect(ro.lines()[0]).toContain('read-only');
  });
});

describe('the Cluster view at 60x20', () => {
  it('keeps every tab in the header and shows one pane at a time', async () => {
    const m = await open(60, 20);
    expectFits(m, 60, 20);
    expect(m.lines()[0]).toMatch(/1 Tasks .*2 Reports .*3 Cluster .*workers +4 queues/);
    const screen = m.lines().join('\n');
    expect(screen).toMatch(/▶ gpu-box:0 +train-res\S*… +██·· +████ +█··· +10s ago/);
    expect(screen).not.toContain('gpu-queue');
    await m.press(KEYS.tab);
    expectFits(m, 60, 20);
    const queues = m.lines().join('\n');
    expect(queues).toMatch(/gpu-queue +12 waiting/);
    expect(queues).toContain('sweep-batch-256');
  });

  it('moves the queue cursor with j and the view back with 1', async () => {
    const m = await open(60, 20);
    await m.press('4');
    await m.press('j');
    expect(m.store.getState().cluster.selectedEntry).toEqual({ queue: 'gpu-queue', task: 'gpu-queue-t1' });
    await m.press('j');
    expect(m.store.getState().cluster.selectedEntry?.queue).toBe('cpu\u001b]0;title\u0007');
    await m.press('1');
    expect(m.store.getState().ui.view).toBe('tasks');
  });
});
