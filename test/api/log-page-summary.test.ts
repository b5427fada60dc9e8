// The summary of a get_task_log body read without JSON.parse: for the bodies it vouches for it
// says what JSON.parse would (how many logs, the last one's timestamp and seq); every body where the
// raw text could differ from the messages (escapes, control characters, DEL, non-ASCII), where
// a message is not a string, an event is not flat or its timestamp not a plain number, and
// every answer that is not a successful envelope gives undefined, so the caller parses it.
import { describe, expect, it } from 'vitest';
import { LogPageSummary, summarizePlainLogPage } from '../../src/api/log-page-summary.js';
import { mulberry32 } from '../../src/demo/random.js';

const META = '{"id":"a1","trx":"a1","endpoint":{"name":"events.get_task_log"},"result_code":200,"error_data":{}}';
const envelope = (events: string, meta = META) => `{"meta":${meta},"data":{"events":${events},"returned":2,"total":2}}`;

/** What the scan reads of a parsed page: the events with a finite numeric timestamp, the last one's seq. */
function parsedSummary(text: string): LogPageSummary {
  const events = (JSON.parse(text) as { data: { events: { timestamp?: unknown; seq?: unknown }[] } }).data.events;
  const logs = events.filter((e) => typeof e.timestamp === 'number' && Number.isFinite(e.timestamp));
  const last = logs[logs.length - 1];
  const seq = typeof last?.seq === 'number' && Number.isInteger(last.seq) ? last.seq : undefined;
  return new LogPageSummary(logs.length, last === undefined ? null : (last.timestamp as number), seq);
}

describe('plain log page summary', () => {
  it('says what JSON.parse says of plain pages, in any field order and spacing', () => {
    const pages = [
      envelope('[{"timestamp":5,"msg":"a b"},{"msg":"c","level":"info","timestamp":7.5}]'),
      envelope('[]'),
      envelope('[{"task":"t","timestamp":1700000000000,"iter":1.5,"model_event":false,"x":null,"msg":"step"}]'),
      '{ "data" : { "events" : [ { "timestamp": 5 , "msg": "x" } , { "timestamp": 6 } ] }, "meta": {"result_code": 200} }',
      // A value "timestamp" is no key; later duplicates of data and events win, as in JSON.parse.
      envelope('[{"metric":"timestamp","timestamp":3,"msg":"timestamp"}]'),
      `{"data":{"events":[{"timestamp":1}]},"meta":${META},"data":{"events":[{"timestamp":2},{"timestamp":4}]}}`,
      `{"meta":${META},"data":{"events":[{"timestamp":1}],"events":[{"timestamp":9}]}}`,
      // The last log's seq (tracktop's server), wherever it stands, the last of duplicates.
      envelope('[{"timestamp":5,"msg":"a","seq":3},{"seq":4,"timestamp":5,"msg":"b"}]'),
      envelope('[{"timestamp":5,"seq":3},{"timestamp":6}]'),
      envelope('[{"timestamp":5,"seq":3,"seq":7}]'),
      envelope('[{"timestamp":5,"seq":1e1},{"timestamp":5,"metric":"seq","msg":"seq"}]'),
      envelope('[{"timestamp":5,"seq":2.5}]'),
      envelope('[{"timestamp":5,"seq":"2"}]'),
      envelope('[{"timestamp":5,"seq":null}]'),
      envelope('[{"timestamp":5,"xseq":2}]'),
    ];
    expect(summarizePlainLogPage(pages[pages.length - 8] as string)?.lastSeq).toBe(4);
    for (const page of pages) expect([page, summarizePlainLogPage(page)]).toEqual([page, parsedSummary(page)]);
  });

  it('gives undefined where the raw text may not be the messages', () => {
    const events = [
      '[{"timestamp":5,"msg":"say \\"hi\\""}]',
      '[{"timestamp":5,"msg":"C:\\\\temp"}]',
      '[{"timestamp":5,"msg":"\\u0041BC"}]',
      '[{"timestamp":5,"msg":"a\\nb"}]',
      '[{"timestamp":5,"msg":"a\\u001b[1mb"}]',
      '[{"timestamp":5,"msg":"a\tb"}]',
      '[{"timestamp":5,"msg":"ab\u007fcd"}]',
      '[{"timestamp":5,"msg":"naïve"}]',
      '[{"timestamp":5,"msg":"\u212Aelvin"}]',
    ];
    for (const page of events.map((e) => envelope(e)))
      expect([page, summarizePlainLogPage(page)]).toEqual([page, undefined]);
  });

  it('gives undefined for messages that are not strings and events it cannot count without parsing', () => {
    const events = [
      '[{"timestamp":5,"msg":5}]',
      '[{"timestamp":5,"msg":null}]',
      '[{"timestamp":5,"msg":{"a":"b"}}]',
      '[{"msg":"no timestamp"}]',
      '[{"timestamp":"5","msg":"a"}]',
      '[{"timestamp":null,"msg":"a"}]',
      '[{"timestamp":5,"timestamp":6,"msg":"a"}]',
      '[{"timestamp":1e3,"msg":"a"}]',
      '[{"timestamp":5,"extra":{"a":1}}]',
      '[{"timestamp":5,"tags":["a"]}]',
      '["not an event"]',
      '{"timestamp":5}',
      'null',
    ];
    for (const page of events.map((e) => envelope(e)))
      expect([page, summarizePlainLogPage(page)]).toEqual([page, undefined]);
  });

  it('gives undefined for anything but a successful envelope in valid JSON', () => {
    const pages = [
      envelope('[{"timestamp":5}]', '{"result_code":400,"result_msg":"bad"}'),
      envelope('[{"timestamp":5}]', '{"result_code":"200"}'),
      envelope('[{"timestamp":5}]', '[200]'),
      '{"data":{"events":[{"timestamp":5}]}}',
      `{"meta":${META}}`,
      `{"meta":${META},"data":null}`,
      `{"meta":${META},"data":{"returned":0}}`,
      `${envelope('[{"timestamp":5}]')} x`,
      envelope('[{"timestamp":5},]'),
      envelope('[{"timestamp":5,}]'),
      envelope('[{"timestamp" 5}]'),
      envelope('[{"timestamp":5}'),
      envelope('[{"timestamp":05}]'),
      `{"meta":${META},"data":{"events":[],}}`,
      `{"meta":${META.replace('"a1"', '"a1')},"data":{"events":[]}}`,
      '',
      '[]',
      // Nesting deeper than the walk's stack.
      envelope('[]', `{"result_code":200,"x":${'['.repeat(200_000)}${']'.repeat(200_000)}}`),
    ];
    for (const page of pages) expect([page, summarizePlainLogPage(page)]).toEqual([page, undefined]);
  });

  it('random pages: the summary is what JSON.parse says for flat plain pages, undefined for the others', () => {
    const random = mulberry32(12);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const plainStrings = ['"x"', '""', '"a:b,c}"', '"{[ ]}"', '"timestamp"'];
    const scalars = ['1', '-2.5', 'true', 'null'];
    const values = [...plainStrings, ...scalars, '"é"', '"a\\"b"', '{}', '[1]'];
    const numbers = ['5', '-1', '0.25', '17'];
    const timestamps = [...numbers, '"7"', 'null', '1e2'];
    const seqs = ['0', '12', '2.5', '1e1', '"3"', 'null'];
    for (let n = 0; n < 400; n++) {
      const events: string[] = [];
      let flatPlain = true;
      for (let e = Math.floor(random() * 4); e > 0; e--) {
        const [timestamp, msg, worker] = [pick(timestamps), pick(values), pick(values)];
        const members = [`"timestamp":${timestamp}`, `"msg":${msg}`, `"worker":${worker}`];
        flatPlain &&= numbers.includes(timestamp) && plainStrings.includes(msg);
        if (random() < 0.2) members.pop();
        else flatPlain &&= plainStrings.includes(worker) || scalars.includes(worker);
        if (random() < 0.5) members.push(`"seq":${pick(seqs)}`);
        members.sort(() => random() - 0.5);
        events.push(`{${members.join(random() < 0.5 ? ',' : ' , ')}}`);
      }
      const page = envelope(`[${events.join(',')}]`);
      expect([page, summarizePlainLogPage(page)]).toEqual([page, flatPlain ? parsedSummary(page) : undefined]);
    }
  });
});
