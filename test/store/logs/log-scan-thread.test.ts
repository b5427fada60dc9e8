// The log scan in a worker thread (log-scan-thread.ts, the built log-scan-worker.js): it finds
// what the scan in this thread finds, reports progress, and its failures arrive as the store
// reads them: refused credentials as an auth ApiError, a worker out of memory or a missing
// worker script as one line saying so. Against the embedded server over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/api/errors.js';
import { classifyFailure, DataShapeError, describeFailure } from '../../../src/store/core/errors.js';
import { scanLog, type LogScanRequest } from '../../../src/store/logs/scan.js';
import { errorFromWire, errorToWire } from '../../../src/store/logs/scan-messages.js';
import { threadLogScanner, type ThreadScannerOptions } from '../../../src/store/logs/log-scan-thread.js';
import { compileLogQuery, type LogQuery } from '../../../src/text/log-query.js';
import { builtScanWorker } from '../../helpers/scan-worker.js';
import { addLogLines, createTask, monitorFixture, type MonitorFixture } from '../../helpers/store-fixture.js';

const LINES = 12_000;
const NEEDLE_LINE = 40;
const text = (i: number) => (i === NEEDLE_LINE ? `step ${i} the NEEDLE` : `step ${i} plain line`);

let fx: MonitorFixture;
let task: string;

beforeAll(async () => {
  fx = await monitorFixture({ rows: 24 });
  task = await createTask(fx.writer, 'scanned in a worker');
  await addLogLines(fx.writer, task, 1, LINES, text);
}, 60_000);
afterAll(async () => {
  await fx.close();
});

function query(source: string): LogQuery {
  const compiled = compileLogQuery(source);
  if (!compiled.ok) throw new Error(compiled.error);
  return compiled;
}

function request(source: string, onPage: LogScanRequest['onPage'] = () => {}): LogScanRequest {
  return {
    taskId: task,
    query: query(source),
    color: false,
    direction: 'older',
    from: Number.MAX_SAFE_INTEGER,
    firstBatch: 100,
    signal: new AbortController().signal,
    onPage,
  };
}

function scanner(more: Partial<ThreadScannerOptions> = {}) {
  return threadLogScanner({
    client: { apiHost: fx.proxy.url, accessKey: fx.server.accessKey, secretKey: fx.server.secretKey },
    token: () => fx.client.bearerToken(),
    workerUrl: builtScanWorker(),
    ...more,
  });
}

describe('the log scan in a worker thread', () => {
  it('finds the match the scan in this thread finds, with the same counts and progress on the way', async () => {
    const progress: number[] = [];
    const inWorker = await scanner()(request('needle', (scanned) => progress.push(scanned)));
    const here = await scanLog(fx.client, request('needle'));
    expect(inWorker).toEqual(here);
    expect(inWorker.kind).toBe('found');
    expect(inWorker.scanned).toBe(LINES - NEEDLE_LINE + 1);
    expect(progress.length).toBe(inWorker.pages);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(inWorker.scanned);
  });

  it('scans to the log start when nothing matches', async () => {
    const result = await scanner()(request('/no such line/'));
    expect(result).toMatchObject({ kind: 'not-found', scanned: LINES });
  });

  it('brings refused credentials back as the auth ApiError the store backs off on', async () => {
    const refused = scanner({
      client: { apiHost: fx.proxy.url, accessKey: fx.server.accessKey, secretKey: 'not-the-secret' },
      token: undefined,
    });
    const err: unknown = await refused(request('needle')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).kind).toBe('auth');
    expect(classifyFailure(err)).toBe('auth');
  });

  it('ends with one line saying so when the worker runs out of its memory', async () => {
    const starved = scanner({ resourceLimits: { maxOldGenerationSizeMb: 1, maxYoungGenerationSizeMb: 1 } });
    const err: unknown = await starved(request('needle')).catch((e: unknown) => e);
    expect(describeFailure(err)).toMatch(/^the log search ran out of its memory \(1 MB\)/);
    expect(describeFailure(err)).not.toContain('\n');
  });

  it('says the search could not run when the worker script is missing', async () => {
    const missing = scanner({ workerUrl: new URL('../no-such-worker.js', builtScanWorker()) });
    const err: unknown = await missing(request('needle')).catch((e: unknown) => e);
    expect(describeFailure(err)).toMatch(/^the log search could not run: .*no-such-worker\.js/);
  });

  it('returns at once, starting no worker, when the search was stopped before it began', async () => {
    const stopped = new AbortController();
    stopped.abort();
    const result = await scanner()({ ...request('needle'), signal: stopped.signal });
    expect(result).toEqual({ kind: 'aborted', scanned: 0, pages: 0 });
  });
});

describe('errors across the thread boundary', () => {
  it('come back as the classes the store reads, with their fields', () => {
    const api = new ApiError({
      kind: 'http',
      endpoint: 'events.get_task_log',
      message: 'Invalid task id',
      httpStatus: 400,
      resultCode: 400,
      resultSubcode: 101,
      transient: false,
    });
    const back = errorFromWire(structuredClone(errorToWire(api)));
    expect(back).toBeInstanceOf(ApiError);
    expect((back as ApiError).describe()).toBe(api.describe());
    expect(back).toMatchObject({ kind: 'http', resultSubcode: 101, transient: false });

    const shape = errorFromWire(structuredClone(errorToWire(new DataShapeError('events.get_task_log', 'no events'))));
    expect(shape).toBeInstanceOf(DataShapeError);
    expect(describeFailure(shape)).toBe('events.get_task_log: no events');

    expect(describeFailure(errorFromWire(structuredClone(errorToWire(new TypeError('boom')))))).toBe('boom');
    expect(describeFailure(errorFromWire(structuredClone(errorToWire('plain text'))))).toBe('plain text');
  });
});
