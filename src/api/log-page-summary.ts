// A get_task_log answer summed up without JSON.parse, for the log search's pages that cannot
// match (docs/wire-facts.md §1.3, §6.4). In "plain" JSON (printable ASCII, no backslash, spaces as the
// only whitespace) there are no escapes: every string is exactly the text between two quotes.
// The envelope is walked as JSON.parse would read it; the events array, thousands of flat log
// events, is checked by one regular expression instead of being built into objects. Whatever
// the walk cannot vouch for gives undefined, and the answer is decoded as usual (which also
// names anything wrong with it).

/**
 * The logs of a page (its events, each with a finite numeric timestamp) and the last one's
 * timestamp and `seq` (tracktop's server only: its place among the logs of that timestamp).
 */
export class LogPageSummary {
  constructor(
    readonly logs: number,
    readonly lastTimestamp: number | null,
    readonly lastSeq?: number,
  ) {}
}

/** A string of printable ASCII without `"` and `\`: its JSON text is its value. */
const STRING = '"[ !#-\\[\\]-~]*"';
const NUMBER = '-?(?:0|[1-9]\\d*)(?:\\.\\d+)?(?:[eE][+-]?\\d+)?';
/** At most 17 digits and no exponent: always finite. */
const TIMESTAMP_NUMBER = '-?(?:0|[1-9]\\d{0,16})(?:\\.\\d+)?';
const FLAT_VALUE = `(?:${STRING}|${NUMBER}|true|false|null)`;
/** A member other than the timestamp; a message is a string. */
const MEMBER = `(?:"(?!timestamp"|msg")[ !#-\\[\\]-~]*": *${FLAT_VALUE}|"msg": *${STRING})`;
const TIMESTAMP_KEY = '"timestamp":';
/** A flat event with exactly one timestamp, a finite number. */
const EVENT = `\\{ *(?:${MEMBER} *, *)*${TIMESTAMP_KEY} *${TIMESTAMP_NUMBER}(?: *, *${MEMBER})* *\\}`;
/**
 * Matched one event at a time: one expression for the whole array made the engine keep a
 * page's worth of backtracking positions (5,000 events), and took twice as long.
 */
const FLAT_EVENT = new RegExp(EVENT, 'y');
const PLAIN_STRING = new RegExp(STRING, 'y');
const LITERAL = new RegExp(`${NUMBER}|true|false|null`, 'y');
const TIMESTAMP_VALUE = new RegExp(` *(${TIMESTAMP_NUMBER})`, 'y');
const SEQ_KEY = '"seq":';
const SEQ_VALUE = new RegExp(` *(${NUMBER})`, 'y');

/** The character codes the walk compares. */
const CODE = {
  space: 0x20,
  quote: 0x22,
  comma: 0x2c,
  colon: 0x3a,
  openArray: 0x5b,
  closeArray: 0x5d,
  openObject: 0x7b,
  closeObject: 0x7d,
} as const;

/** Thrown where the text is not plain JSON or not a page the summary vouches for; ends the walk. */
const UNSURE = new Error('not a plain log page');

/** The members of the envelope the walk looks into; other values are only checked. */
type Place = 'root' | 'meta' | 'data' | 'events' | 'other';

/** A recursive descent over plain JSON that checks the structure as JSON.parse would. */
class PlainLogPageWalk {
  private pos = 0;
  meta: string | undefined;
  summary: LogPageSummary | undefined;

  constructor(private readonly text: string) {}

  /** The whole text: one object and nothing after it. */
  envelope(): void {
    if (this.peek() !== CODE.openObject) throw UNSURE;
    this.value('root');
    this.peek();
    if (this.pos !== this.text.length) throw UNSURE;
  }

  /** The code of the next character that is not a space (NaN at the end). */
  private peek(): number {
    while (this.text.charCodeAt(this.pos) === CODE.space) this.pos += 1;
    return this.text.charCodeAt(this.pos);
  }

  /** Moves past what `pattern` (sticky) matches here (test() builds no match array). */
  private skip(pattern: RegExp): void {
    pattern.lastIndex = this.pos;
    if (!pattern.test(this.text)) throw UNSURE;
    this.pos = pattern.lastIndex;
  }

  private value(place: Place): void {
    const start = this.pos;
    const c = this.peek();
    if (place === 'events') this.events();
    else if (c === CODE.openObject) this.members(place);
    else if (place === 'root' || place === 'data') throw UNSURE;
    else if (c === CODE.openArray) this.list(CODE.closeArray, () => this.value('other'));
    else this.skip(c === CODE.quote ? PLAIN_STRING : LITERAL);
    if (place === 'meta') this.meta = this.text.slice(start, this.pos);
  }

  private members(place: Place): void {
    // A later `data` replaces an earlier one, as in JSON.parse.
    if (place === 'data') this.summary = undefined;
    this.list(CODE.closeObject, () => {
      this.peek();
      const start = this.pos;
      this.skip(PLAIN_STRING);
      const key = this.text.slice(start, this.pos);
      if (this.peek() !== CODE.colon) throw UNSURE;
      this.pos += 1;
      this.value(memberPlace(place, key));
    });
  }

  /** At `[` or `{`: the items up to `close`, separated by commas. */
  private list(close: number, item: () => void): void {
    this.pos += 1;
    if (this.peek() === close) {
      this.pos += 1;
      return;
    }
    for (;;) {
      item();
      const c = this.peek();
      this.pos += 1;
      if (c === close) return;
      if (c !== CODE.comma) throw UNSURE;
    }
  }

  /** The events array: flat events, counted. */
  private events(): void {
    const start = this.pos;
    if (this.text.charCodeAt(start) !== CODE.openArray) throw UNSURE;
    let count = 0;
    let lastStart = start;
    this.list(CODE.closeArray, () => {
      this.peek();
      lastStart = this.pos;
      this.skip(FLAT_EVENT);
      count += 1;
    });
    // In plain JSON a string holds no quote, so `"timestamp":` is always a key, and each event
    // has one: the last one in the array is the last event's, its value right after it.
    const key = count > 0 ? this.text.lastIndexOf(TIMESTAMP_KEY, this.pos) : -1;
    TIMESTAMP_VALUE.lastIndex = key + TIMESTAMP_KEY.length;
    const last = key >= start ? TIMESTAMP_VALUE.exec(this.text) : null;
    this.summary = new LogPageSummary(count, last === null ? null : Number(last[1]), this.lastSeq(count, lastStart));
  }

  /**
   * The last event's `seq` when it is an integer (its last `"seq":` key, which JSON.parse would
   * keep), as parse.ts reads it; undefined when that event has none.
   */
  private lastSeq(count: number, lastStart: number): number | undefined {
    const key = count > 0 ? this.text.lastIndexOf(SEQ_KEY, this.pos) : -1;
    if (key < lastStart) return undefined;
    SEQ_VALUE.lastIndex = key + SEQ_KEY.length;
    const value = SEQ_VALUE.exec(this.text);
    const seq = value === null ? NaN : Number(value[1]);
    return Number.isInteger(seq) ? seq : undefined;
  }
}

function memberPlace(parent: Place, key: string): Place {
  if (parent === 'root') return key === '"meta"' ? 'meta' : key === '"data"' ? 'data' : 'other';
  return parent === 'data' && key === '"events"' ? 'events' : 'other';
}

/**
 * The summary of a successful get_task_log answer in plain JSON whose events are flat, each
 * with one finite numeric timestamp and a string message if any (what a search tests is then
 * that very text of the body); undefined for any other answer, error envelopes included.
 */
export function summarizePlainLogPage(text: string): LogPageSummary | undefined {
  const walk = new PlainLogPageWalk(text);
  try {
    walk.envelope();
  } catch (error) {
    // A RangeError: nesting deeper than the stack; JSON.parse is then left to judge the text.
    if (error === UNSURE || error instanceof RangeError) return undefined;
    throw error;
  }
  if (walk.meta === undefined || !succeeded(walk.meta)) return undefined;
  return walk.summary;
}

function succeeded(metaText: string): boolean {
  const meta = JSON.parse(metaText) as unknown;
  return typeof meta === 'object' && meta !== null && (meta as { result_code?: unknown }).result_code === 200;
}
