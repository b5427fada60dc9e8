// The log search through 20,000 logs that share one timestamp. tracktop's server ends a page at
// batch_size inside a timestamp and gives each log its `seq`: the scan pages on by (timestamp,
// seq), so it reads every line once each way, and the window is loaded around the matching log
// itself (by its seq), which is marked. With `from_timestamp` alone the scan would stop after
// one page, or skip the whole timestamp. Real embedded server over real HTTP, through the
// counting proxy; the scan runs in this thread and, as in the monitor, in a worker from dist/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreDeps } from '../../../src/store/index.js';
import { threadLogScanner } from '../../../src/store/logs/log-scan-thread.js';
import { scanLog, type LogScanRequest } from '../../../src/store/logs/scan.js';
import type { MonitorState } from '../../../src/store/types.js';
import { compileLogQuery } from '../../../src/text/log-query.js';
import { builtScanWorker } from '../../helpers/scan-worker.js';
import {
  addLogLines,
  createTask,
  logRequests,
  monitorFixture,
  openLogsPane,
  type MonitorFixture,
} from '../../helpers/store-fixture.js';

const T = 1_700_000_000_000;
const LINES = 20_000;
/** Near the far end going older from the newest page, and going newer from the first page. */
const OLD_NEEDLE = 40;
const NEW_NEEDLE = 19_600;
const text = (i: number) =>
  i === OLD_NEEDLE ? `line ${i} needleold` : i === NEW_NEEDLE ? `line ${i} needlenew` : `line ${i}`;

let fx: MonitorFixture;
let task: string;
let seqs: number[];

beforeAll(async () => {
  fx = await monitorFixture({ rows: 24 });
  task = await createTask(fx.writer, 'one timestamp');
  for (let start = 0; start < LINES; start += 5000)
    await fx.writer.events.addBatch(
      Array.from({ length: 5000 }, (_, k) => ({
        type: 'log' as const,
        task,
        level: 'info',
        msg: text(start + k),
        timestamp: T,
      })),
    );
  seqs = await readSeqs();
  expect(seqs).toHaveLength(LINES);
}, 60_000);
afterAll(async () => {
  await fx.close();
});

/** The seq the server gave each line, read page by page going newer. */
async function readSeqs(): Promise<number[]> {
  const seqs: number[] = [];
  let from: { from_timestamp: number; from_seq?: number } = { from_timestamp: T - 1 };
  for (;;) {
    const page = await fx.writer.events.getTaskLog({ task, batch_size: 10_000, navigate_earlier: false, ...from });
    const events = page.events as { msg: string; seq: number }[];
    for (const e of events) {
      expect(e.msg).toBe(text(seqs.length));
      seqs.push(e.seq);
    }
    const last = events.at(-1);
    if (last === undefined) return seqs;
    from = { from_timestamp: T, from_seq: last.seq };
  }
}

function request(query: string, more: Partial<LogScanRequest>): LogScanRequest {
  const compiled = compileLogQuery(query);
  if (!compiled.ok) throw new Error(compiled.error);
  return {
    taskId: task,
    query: compiled,
    color: false,
    direction: 'older',
    from: T + 1,
    firstBatch: 400,
    signal: new AbortController().signal,
    onPage: () => {},
    ...more,
  };
}

describe('the scan through logs of one timestamp', () => {
  it('finds a match near the far end going older, named by its timestamp and seq', async () => {
    fx.proxy.reset();
    const result = await scanLog(fx.client, request('needleold', {}));
    expect(result).toMatchObject({ kind: 'found', timestamp: T, seq: seqs[OLD_NEEDLE] });
    expect(result.scanned).toBe(LINES - OLD_NEEDLE);
    // After the first page every request goes on inside the timestamp.
    expect(logRequests(fx).slice(1).length).toBeGreaterThan(0);
    expect(
      logRequests(fx)
        .slice(1)
        .every((r) => r.from_timestamp === T && typeof r.from_seq === 'number'),
    ).toBe(true);
  });

  it('finds a match near the far end going newer, named by its timestamp and seq', async () => {
    const result = await scanLog(fx.client, request('needlenew', { direction: 'newer', from: T - 1 }));
    expect(result).toMatchObject({ kind: 'found', timestamp: T, seq: seqs[NEW_NEEDLE] });
    expect(result.scanned).toBe(NEW_NEEDLE + 1);
  });

  it('ends "not found" having read every line exactly once, either way', async () => {
    for (const [direction, from] of [
      ['older', T + 1],
      ['newer', T - 1],
    ] as const) {
      const result = await scanLog(fx.client, request('nosuchtext', { direction, from }));
      expect([direction, result.kind, result.scanned]).toEqual([direction, 'not-found', LINES]);
    }
  });

  it('starts after the window edge log it is given (fromSeq), not past its whole timestamp', async () => {
    const edge = seqs[10_000];
    const older = await scanLog(fx.client, request('nosuchtext', { from: T, fromSeq: edge }));
    expect(older).toMatchObject({ kind: 'not-found', scanned: 10_000 });
    const newer = await scanLog(fx.client, request('nosuchtext', { direction: 'newer', from: T, fromSeq: edge }));
    expect(newer).toMatchObject({ kind: 'not-found', scanned: LINES - 10_001 });
  });
});

const scanners: { where: string; deps: () => Partial<StoreDeps> }[] = [
  { where: 'in this thread', deps: () => ({}) },
  {
    where: 'in a worker',
    deps: () => ({
      logScanner: threadLogScanner({
        client: { apiHost: fx.proxy.url, accessKey: fx.server.accessKey, secretKey: fx.server.secretKey },
        token: () => fx.client.bearerToken(),
        workerUrl: builtScanWorker(),
      }),
    }),
  },
];

const settled = (s: MonitorState) => s.logs.search !== null && s.logs.search.status !== 'searching';

/** The text of the marked match, checked to be on screen. */
function markedMatch(): string | undefined {
  const logs = fx.state().logs;
  const at = logs.search?.matchIndex ?? -1;
  expect(logs.lines[at]?.id).toBe(logs.search?.matchId);
  expect(at).toBeGreaterThanOrEqual(logs.top);
  expect(at).toBeLessThan(logs.top + 20);
  return logs.lines[at]?.text;
}

/** The window's last line is `line N`: N. */
function lastLineNumber(): number {
  const lines = fx.state().logs.lines;
  return Number(/^line (\d+)/.exec(lines[lines.length - 1]?.text ?? '')?.[1]);
}

async function openAtStart(deps: Partial<StoreDeps>): Promise<void> {
  await openLogsPane(fx, deps);
  fx.store.getState().actions.jumpToStart();
  await fx.until((s) => s.logs.atStart && s.logs.lines[0]?.text === 'line 0' && !s.logs.loadingOlder, 'the first page');
}

describe.each(scanners)('log search through logs of one timestamp, scanning $where', ({ deps }) => {
  it('/ finds the match near the start and marks that very line', async () => {
    await openLogsPane(fx, deps());
    const first = fx.state().logs.lines[0]?.text;
    expect(first).toMatch(/^line \d+$/);
    const windowStart = Number(first?.slice('line '.length));
    fx.store.getState().actions.searchLog('needleold');
    await fx.until(settled, 'the search', 30_000);
    expect(fx.state().logs.search?.status).toBe('found');
    expect(markedMatch()).toBe(`line ${OLD_NEEDLE} needleold`);
    // The lines between the window and the match, each once.
    expect(fx.state().logs.search?.linesScanned).toBe(windowStart - OLD_NEEDLE);
  });

  it('N finds the match near the newest end from the first page and marks that very line', async () => {
    await openAtStart(deps());
    const { actions } = fx.store.getState();
    // From the first page the search upwards has nowhere to go.
    actions.searchLog('needlenew');
    await fx.until(settled, 'the search upwards');
    expect(fx.state().logs.search?.status).toBe('not-found');
    const windowEnd = lastLineNumber();
    actions.searchPrev();
    await fx.until((s) => settled(s) && s.logs.search?.direction === 'newer', 'the search downwards', 30_000);
    expect(fx.state().logs.search?.status).toBe('found');
    expect(markedMatch()).toBe(`line ${NEW_NEEDLE} needlenew`);
    expect(fx.state().logs.search?.linesScanned).toBe(NEW_NEEDLE - windowEnd);
  });

  it('a query with no match ends "not found" after every line beyond the window, each once', async () => {
    await openLogsPane(fx, deps());
    const inWindow = fx.state().logs.lines.length;
    fx.store.getState().actions.searchLog('nosuchtext');
    await fx.until(settled, 'the search upwards', 30_000);
    expect(fx.state().logs.search).toMatchObject({ status: 'not-found', linesScanned: LINES - inWindow });

    await openAtStart(deps());
    const { actions } = fx.store.getState();
    actions.searchLog('nosuchtext');
    await fx.until(settled, 'the search upwards');
    const windowEnd = lastLineNumber();
    actions.searchPrev();
    await fx.until((s) => settled(s) && s.logs.search?.direction === 'newer', 'the search downwards', 30_000);
    expect(fx.state().logs.search).toMatchObject({ status: 'not-found', linesScanned: LINES - 1 - windowEnd });
  });
});

describe('against a server that sends no seq (as real ClearML servers do)', () => {
  // The embedded server always sends seq: the proxy takes it out of every log page, which is
  // what a real server's answer looks like. Logs of distinct timestamps, paged by timestamp.
  const FAR = 3000;
  let plain: MonitorFixture;
  let id: string;
  beforeAll(async () => {
    plain = await monitorFixture({ rows: 24 });
    id = await createTask(plain.writer, 'no seq');
    await addLogLines(plain.writer, id, 1, FAR, (i) => (i === 10 ? `line ${i} needlefar` : `line ${i}`));
    plain.proxy.rewrites.set('events.get_task_log', (body) => body.replace(/,"seq":\d+/g, ''));
  }, 60_000);
  afterAll(async () => {
    await plain.close();
  });

  it('pages by timestamp alone, finds the match and marks it', async () => {
    const page = await plain.client.events.getTaskLog({ task: id, batch_size: 1 });
    expect(page.events[0]).not.toHaveProperty('seq');
    await openLogsPane(plain);
    plain.store.getState().actions.searchLog('needlefar');
    await plain.until(settled, 'the search', 30_000);
    const logs = plain.state().logs;
    expect(logs.search?.status).toBe('found');
    expect(logs.lines[logs.search?.matchIndex ?? -1]?.text).toBe('line 10 needlefar');
    expect(logRequests(plain).length).toBeGreaterThan(2);
    expect(logRequests(plain).some((r) => 'from_seq' in r)).toBe(false);
  });
});
