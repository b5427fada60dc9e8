// The pipelined scan of the log search against the embedded server: the next page is asked
// for before the current one is scanned, never more than two pages are held, a match or an
// abort ends the page on its way, and a match hidden in escape-coded text is still found.
// The client is the real one through the counting proxy; the wrapper only records the order
// of requests, answers and scanned pages (nothing else can show when a page was scanned).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreClient } from '../../../src/store/client.js';
import { edgeGuess, LOG_SCAN_MAX_BATCH, scanLog, type LogScanRequest } from '../../../src/store/logs/scan.js';
import { compileLogQuery } from '../../../src/text/log-query.js';
import {
  addLogLines,
  countCalls,
  createTask,
  monitorFixture,
  type MonitorFixture,
} from '../../helpers/store-fixture.js';

const LINES = 24_000;
const ESCAPED_LINE = 3;
const text = (i: number) => (i === ESCAPED_LINE ? `step ${i} \u001b[31mNEE\u001b[0mdle\r` : `step ${i} plain line`);

let fx: MonitorFixture;
let task: string;
let newest: number;

beforeAll(async () => {
  fx = await monitorFixture({ rows: 24 });
  task = await createTask(fx.writer, 'scanned');
  await addLogLines(fx.writer, task, 1, LINES, text);
  const first = await fx.writer.events.getTaskLog({ task, batch_size: 1 });
  newest = (first.events[0] as { timestamp: number }).timestamp;
}, 60_000);
afterAll(async () => {
  await fx.close();
});

interface Trace {
  log: string[];
  signals: AbortSignal[];
  settled: Promise<unknown>[];
}

/** The fixture's client, recording each get_task_log request and its answer in `trace`. */
function recording(trace: Trace): StoreClient {
  const events = fx.client.events;
  return {
    ...fx.client,
    events: {
      ...events,
      getTaskLog: (body, opts) => {
        const n = trace.signals.length + 1;
        trace.log.push(`request ${n}`);
        if (opts?.signal) trace.signals.push(opts.signal);
        const answer = events.getTaskLog(body, opts);
        trace.settled.push(
          answer.then(
            () => trace.log.push(`answer ${n}`),
            () => trace.log.push(`failed ${n}`),
          ),
        );
        return answer;
      },
    },
  };
}

/** The signals of the requests that got no answer: each must have been aborted. */
function unanswered(trace: Trace): AbortSignal[] {
  const left = trace.signals.filter((_, i) => !trace.log.includes(`answer ${i + 1}`));
  expect(left.length).toBeGreaterThan(0);
  return left;
}

function request(query: string, more: Partial<LogScanRequest>, trace: Trace): LogScanRequest {
  const compiled = compileLogQuery(query);
  if (!compiled.ok) throw new Error(compiled.error);
  return {
    taskId: task,
    query: compiled,
    color: true,
    direction: 'older',
    from: newest + 1,
    firstBatch: 1000,
    signal: new AbortController().signal,
    onPage: (scanned, pages) => trace.log.push(`scanned ${pages}`),
    ...more,
  };
}

describe('pipelined log scan', () => {
  it('asks for the next page before scanning one, holds at most two pages, and finds the escape-coded match', async () => {
    const trace: Trace = { log: [], signals: [], settled: [] };
    fx.proxy.reset();
    const result = await scanLog(recording(trace), request('needle', {}, trace));
    await Promise.all(trace.settled);
    expect(result.kind).toBe('found');
    expect(result.scanned).toBe(LINES - ESCAPED_LINE + 1);
    const requests = trace.log.filter((e) => e.startsWith('request')).length;
    expect(result.pages).toBeGreaterThan(3);
    // Page n+1 is on its way before page n is read (from the edge its text shows), so before it is scanned.
    for (let n = 1; n < result.pages; n++) {
      expect(trace.log.indexOf(`request ${n + 1}`)).toBeLessThan(trace.log.indexOf(`answer ${n}`));
      expect(trace.log.indexOf(`request ${n + 1}`)).toBeLessThan(trace.log.indexOf(`scanned ${n}`));
    }
    // Pages answered but not yet scanned, plus the one on its way: never more than two.
    let held = 0;
    let most = 0;
    for (const entry of trace.log) {
      if (entry.startsWith('request')) held += 1;
      if (entry.startsWith('scanned') || entry.startsWith('failed')) held -= 1;
      most = Math.max(most, held);
    }
    expect(most).toBeLessThanOrEqual(2);
    expect(fx.proxy.maxInFlight.get('events.get_task_log')).toBe(1);
    // The match was on the last page: nothing was asked for beyond it.
    expect(requests).toBe(result.pages);
    const sizes = fx.proxy.calls.filter((c) => c.endpoint === 'events.get_task_log');
    expect(Math.max(...sizes.map((c) => (JSON.parse(c.body) as { batch_size: number }).batch_size))).toBe(
      LOG_SCAN_MAX_BATCH,
    );
  });

  it('a match aborts the page already asked for beyond it', async () => {
    const trace: Trace = { log: [], signals: [], settled: [] };
    const result = await scanLog(recording(trace), request(`step ${LINES - 1500} plain`, {}, trace));
    await Promise.all(trace.settled);
    expect(result).toMatchObject({ kind: 'found', scanned: 1501, pages: 2 });
    expect(trace.log).toContain('request 3');
    expect(trace.log).toContain('failed 3');
    expect(unanswered(trace).every((s) => s.aborted)).toBe(true);
  });

  it('a signal aborted before the scan starts sends nothing', async () => {
    const trace: Trace = { log: [], signals: [], settled: [] };
    const controller = new AbortController();
    controller.abort();
    fx.proxy.reset();
    await expect(scanLog(recording(trace), request('x', { signal: controller.signal }, trace))).rejects.toThrow();
    await Promise.all(trace.settled);
    expect(countCalls(fx.proxy, 'events.get_task_log')).toBe(0);
  });

  it('an abort ends the request on its way and asks for nothing more', async () => {
    const trace: Trace = { log: [], signals: [], settled: [] };
    const controller = new AbortController();
    fx.proxy.delays.set('events.get_task_log', 150);
    try {
      const scan = scanLog(
        recording(trace),
        request(
          'no such text',
          {
            signal: controller.signal,
            onPage: (scanned, pages) => {
              trace.log.push(`scanned ${pages}`);
              if (pages === 2) controller.abort();
            },
          },
          trace,
        ),
      );
      await expect(scan).rejects.toThrow();
      await Promise.all(trace.settled);
    } finally {
      fx.proxy.delays.delete('events.get_task_log');
    }
    // Page 3 was asked for before page 2 was scanned; the abort that followed ended it.
    expect(trace.log.filter((e) => e.startsWith('request'))).toEqual(['request 1', 'request 2', 'request 3']);
    expect(trace.log).toContain('failed 3');
    expect(unanswered(trace).every((s) => s.aborted)).toBe(true);
  });
});

describe('the edge a page shows before it is read', () => {
  it("is the number after its last timestamp key, unless the page's returned count says it is short", () => {
    const body = (n: number, returned = true) =>
      JSON.stringify({
        data: {
          events: Array.from({ length: n }, (_, i) => ({ timestamp: 100 - i, msg: 'x' })),
          ...(returned ? { returned: n, total: 1000 } : {}),
        },
      });
    expect(edgeGuess(body(3), 3)).toEqual({ timestamp: 98 });
    expect(edgeGuess(body(2), 3)).toBeNull();
    expect(edgeGuess(body(2, false), 3)).toEqual({ timestamp: 99 });
    expect(edgeGuess(JSON.stringify({ msg: '"timestamp": 5', timestamp: 9 }), 1)).toEqual({ timestamp: 9 });
    expect(edgeGuess('{"data":{"events":[],"returned":0}}', 1)).toBeNull();
  });

  it("holds the last log's seq when a seq key follows its timestamp (tracktop's server)", () => {
    const page = (events: object[]) => JSON.stringify({ data: { events, returned: events.length, total: 9 } });
    expect(
      edgeGuess(
        page([
          { timestamp: 5, msg: 'a', seq: 3 },
          { timestamp: 5, msg: 'b', seq: 4 },
        ]),
        2,
      ),
    ).toEqual({
      timestamp: 5,
      seq: 4,
    });
    // The last log has no seq (a real server): an earlier log's is not its.
    expect(edgeGuess(page([{ seq: 3, timestamp: 5 }, { timestamp: 6 }]), 2)).toEqual({ timestamp: 6 });
    expect(edgeGuess(page([{ timestamp: 6, msg: '"seq": 2' }]), 1)).toEqual({ timestamp: 6 });
    expect(edgeGuess(page([{ timestamp: 6, seq: 1.5 }]), 1)).toEqual({ timestamp: 6 });
  });

  it("a wrong guess (a nested timestamp after the event's own) is aborted and the page asked for again", async () => {
    const nested = await createTask(fx.writer, 'nested timestamps');
    const lines = 6000;
    // Every event carries an object with a timestamp of its own, which the server answers after
    // the event's timestamp: the text of each full page shows the wrong edge.
    for (let start = 0; start < lines; start += 1000) {
      await fx.writer.events.addBatch(
        Array.from({ length: 1000 }, (_, k) => ({
          type: 'log' as const,
          task: nested,
          level: 'info',
          msg: start + k === 0 ? 'the oldest line' : `line ${start + k}`,
          timestamp: 1_000_000 + (start + k) * 10,
          origin: { timestamp: 7 },
        })),
      );
    }
    const trace: Trace = { log: [], signals: [], settled: [] };
    const result = await scanLog(
      recording(trace),
      request('the oldest line', { taskId: nested, from: 1_000_000 + lines * 10 }, trace),
    );
    await Promise.all(trace.settled);
    expect(result).toMatchObject({ kind: 'found', timestamp: 1_000_000, scanned: lines });
    const asked = trace.log.filter((e) => e.startsWith('request')).length;
    const failed = trace.log.filter((e) => e.startsWith('failed')).length;
    expect(failed).toBeGreaterThan(0);
    expect(asked - failed).toBe(result.pages);
    expect(unanswered(trace).every((s) => s.aborted)).toBe(true);
  });
});
