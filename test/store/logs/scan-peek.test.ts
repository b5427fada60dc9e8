// The scan's shortcut against the embedded server: pages whose raw text cannot hold a match are
// summed up instead of parsed (api/log-page-summary.ts), and the search finds exactly what the
// full parse finds. Every line the raw text could hide a match in is here: escapes that split a
// word, quotes and backslashes (JSON escapes), tabs, carriage returns, DEL, non-ASCII text that
// lowercases to the query, a query spread over JSON fields, and regular expressions. The
// reference is the same scan through a client that never peeks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogPageSummary } from '../../../src/api/log-page-summary.js';
import type { StoreClient } from '../../../src/store/client.js';
import { scanLog, type LogScanResult } from '../../../src/store/logs/scan.js';
import { compileLogQuery } from '../../../src/text/log-query.js';
import { addLogLines, createTask, monitorFixture, type MonitorFixture } from '../../helpers/store-fixture.js';

const LINES = 30_000;

/** Line number → the one line a query is to find there (every other line is plain). */
const HIDDEN: Record<number, { msg: string; query: string }> = {
  29_000: { msg: 'warn \u001b[1mNEE\u001b[0mDLE here', query: 'needle' },
  27_000: { msg: 'osc nee\u001b]0;title\u0007dle2', query: 'needle2' },
  25_000: { msg: 'they SAY "HI" now', query: 'say "hi"' },
  23_000: { msg: 'path C:\\Temp\\x', query: 'c:\\temp' },
  21_000: { msg: 'a\tb columns', query: 'a       b col' },
  19_000: { msg: 'progress 10%\rprogress 100%', query: 'progress 100%' },
  17_000: { msg: 'erased ab\u007fcd', query: 'abcd' },
  15_000: { msg: '\u212Aelvin scale', query: 'kelvin' },
  13_000: { msg: 'NAÏVE bayes', query: 'naïve' },
  11_000: { msg: 'quiet ReGeX line 7', query: '/regex line \\d$/' },
  9_000: { msg: 'MiXeD CaSe NeEdLe3', query: 'mixed case needle3' },
};

const text = (i: number) => HIDDEN[i]?.msg ?? `step ${i} plain line`;

let fx: MonitorFixture;
/** The log with the lines above, and one of plain lines only. */
const logs = { hidden: { task: '', newest: 0 }, plain: { task: '', newest: 0 } };

async function fill(name: string, lineText: (i: number) => string): Promise<{ task: string; newest: number }> {
  const task = await createTask(fx.writer, name);
  await addLogLines(fx.writer, task, 1, LINES, lineText);
  const first = await fx.writer.events.getTaskLog({ task, batch_size: 1 });
  return { task, newest: (first.events[0] as { timestamp: number }).timestamp };
}

beforeAll(async () => {
  fx = await monitorFixture({ rows: 24 });
  logs.hidden = await fill('hidden', text);
  logs.plain = await fill('plain', (i) => `step ${i} plain line`);
}, 120_000);
afterAll(async () => {
  await fx.close();
});

/** The fixture's client, counting the pages answered as summaries; `peek: false` drops the option. */
function client(peek: boolean, summed: { pages: number }): StoreClient {
  const events = fx.client.events;
  return {
    ...fx.client,
    events: {
      ...events,
      getTaskLog: async (body, opts) => {
        const answer = await events.getTaskLog(body, peek ? opts : { ...opts, peek: undefined });
        if (answer instanceof LogPageSummary) summed.pages += 1;
        return answer;
      },
    },
  };
}

async function scan(query: string, peek: boolean, summed = { pages: 0 }, log = logs.hidden): Promise<LogScanResult> {
  const compiled = compileLogQuery(query);
  if (!compiled.ok) throw new Error(compiled.error);
  return scanLog(client(peek, summed), {
    taskId: log.task,
    query: compiled,
    color: true,
    direction: 'older',
    from: log.newest + 1,
    firstBatch: 1000,
    signal: new AbortController().signal,
    onPage: () => undefined,
  });
}

async function messageAt(timestamp: number): Promise<string> {
  const page = await fx.client.events.getTaskLog({
    task: logs.hidden.task,
    batch_size: 1,
    from_timestamp: timestamp + 1,
  });
  return (page.events[0] as { msg: string }).msg;
}

describe('log scan over raw page text', () => {
  it.each(Object.entries(HIDDEN))('line %s: finds exactly what the full parse finds', async (line, hidden) => {
    const summed = { pages: 0 };
    const peeked = await scan(hidden.query, true, summed);
    const parsed = await scan(hidden.query, false);
    expect(peeked).toEqual(parsed);
    expect(peeked).toMatchObject({ kind: 'found', scanned: LINES - Number(line) + 1 });
    if (peeked.kind !== 'found') return;
    expect(await messageAt(peeked.timestamp)).toBe(hidden.msg);
    // Plain queries skip the parse of pages before the match's (those holding none of the
    // lines above, which are never plain JSON); the match's own page is parsed; regexes never skip.
    if (hidden.query.startsWith('/')) expect(summed.pages).toBe(0);
    else expect(summed.pages).toBeGreaterThan(0);
    expect(summed.pages).toBeLessThan(peeked.pages);
  });

  it('a query found only across JSON fields, or in no message at all, scans the whole log', async () => {
    for (const query of ['info","msg":"step', 'plain line"}', 'no such line']) {
      const summed = { pages: 0 };
      const peeked = await scan(query, true, summed);
      expect(peeked).toEqual(await scan(query, false));
      expect(peeked).toMatchObject({ kind: 'not-found', scanned: LINES });
      if (query === 'no such line') expect(summed.pages).toBeGreaterThan(0);
    }
  });

  it('a log of plain lines is summed up page after page, with the same counts and edges as parsed', async () => {
    const summed = { pages: 0 };
    const peeked = await scan('STEP 5 plain', true, summed, logs.plain);
    expect(peeked).toEqual(await scan('STEP 5 plain', false, { pages: 0 }, logs.plain));
    expect(peeked).toMatchObject({ kind: 'found', scanned: LINES - 5 + 1 });
    expect(summed.pages).toBe(peeked.pages - 1);
    expect(summed.pages).toBeGreaterThan(3);
  });

  it("decodes and reads a page only once the next page's request has left, so the server builds it meanwhile", async () => {
    const order: string[] = [];
    const events = fx.client.events;
    const watched: StoreClient = {
      ...fx.client,
      events: {
        ...events,
        getTaskLog: (body, opts) => {
          const page = String(body.from_timestamp);
          const peek = opts?.peek;
          return events.getTaskLog(body, {
            ...opts,
            onSent: () => {
              order.push(`sent ${page}`);
              opts?.onSent?.();
            },
            peek:
              peek &&
              ((text: string) => {
                order.push(`decoded ${page}`);
                return peek(text);
              }),
          });
        },
      },
    };
    const compiled = compileLogQuery('no such line');
    if (!compiled.ok) throw new Error(compiled.error);
    const result = await scanLog(watched, {
      taskId: logs.plain.task,
      query: compiled,
      color: true,
      direction: 'older',
      from: logs.plain.newest + 1,
      firstBatch: 1000,
      signal: new AbortController().signal,
      onPage: () => undefined,
    });
    expect(result).toMatchObject({ kind: 'not-found', scanned: LINES });
    const sent = order.filter((e) => e.startsWith('sent ')).map((e) => e.slice('sent '.length));
    expect(sent.length).toBe(result.pages);
    // Every page but the last asked for the next before its text was decoded (and read).
    for (const [k, page] of sent.slice(0, -1).entries())
      expect(order.indexOf(`sent ${sent[k + 1]}`)).toBeLessThan(order.indexOf(`decoded ${page}`));
  });
});
