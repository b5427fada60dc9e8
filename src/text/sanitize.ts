// The one sanitiser for every server-provided string before it reaches the terminal. Training
// scripts print whatever they like; a log line must never move the cursor, set the window
// title, write the clipboard (OSC 52), open hyperlinks (OSC 8), reorder text with bidi
// overrides or break the frame layout. Output is printable text, plus SGR colour sequences
// only when asked for.
import { agreeingClusters, needsRewrite } from './agreeing-clusters.js';
import { clusterEnd, clusterWidth } from './width.js';

export { displayWidth, truncateToWidth, fitToWidth, stripSgr } from './width.js';
export type { Alignment, TruncateOptions } from './width.js';

interface SanitizeOptions {
  /** Keep SGR colour/style sequences (`ESC[...m`). Default false: stripped. */
  color?: boolean;
  /**
   * Keep line breaks as `\n` (`\r\n`, U+2028 and U+2029 count as breaks). Default false: each
   * break becomes one space.
   */
  multiline?: boolean;
  /** `expand` (default): spaces up to the next multiple of 8 columns; `space`: one space. */
  tabs?: 'expand' | 'space';
}

const ESC = 0x1b;
const BEL = 0x07;
const CAN = 0x18;
const SUB = 0x1a;
const C1_CSI = 0x9b;
const C1_ST = 0x9c;
const TAB_STOP = 8;
const SGR_RESET = '\u001b[0m';
/** Longer SGR sequences are dropped: no real colour needs them. */
const MAX_SGR_LENGTH = 64;
/** Bound on remembered SGR state carried across `\r` and line breaks. */
const MAX_ACTIVE_SGR = 16;

// Anything that is not plain printable text and needs a decision.
// Surrogates only when lone: a valid pair is ordinary text (and must reach agreeingClusters
// together with its neighbours: flags and emoji sequences span several pairs).
const SPECIAL_CHARS =
  '[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]|[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]';
const SPECIAL = new RegExp(SPECIAL_CHARS);

function isPlainAscii(code: number): boolean {
  return code >= 0x20 && code < 0x7f;
}

/** Code after the ESC that opens a control string (DCS, SOS, OSC, PM, APC). */
function opensControlString(code: number): boolean {
  return code === 0x50 || code === 0x58 || code === 0x5d || code === 0x5e || code === 0x5f;
}

/** C1 control-string introducers: DCS, SOS, OSC, PM, APC. */
function isC1StringIntroducer(code: number): boolean {
  return code === 0x90 || code === 0x98 || code === 0x9d || code === 0x9e || code === 0x9f;
}

/**
 * End of a CSI sequence whose parameters start at `start`: index just past the final byte, or,
 * for a malformed sequence, the index of the first byte that does not belong to it.
 */
function scanCsi(s: string, start: number): { end: number; complete: boolean } {
  let j = start;
  while (j < s.length && s.charCodeAt(j) >= 0x30 && s.charCodeAt(j) <= 0x3f) j++;
  while (j < s.length && s.charCodeAt(j) >= 0x20 && s.charCodeAt(j) <= 0x2f) j++;
  const code = s.charCodeAt(j);
  if (j < s.length && code >= 0x40 && code <= 0x7e) return { end: j + 1, complete: true };
  return { end: j, complete: false };
}

/**
 * End of a control string (OSC, DCS, ...) whose payload starts at `start`. Terminated by ST
 * (`ESC \` or U+009C) or BEL; CAN/SUB abort it; another ESC ends it and starts a new sequence.
 * An unterminated string runs to the end of the input, as it would in a terminal.
 */
function scanControlString(s: string, start: number): number {
  for (let j = start; j < s.length; j++) {
    const code = s.charCodeAt(j);
    if (code === BEL || code === C1_ST || code === CAN || code === SUB) return j + 1;
    if (code === ESC) return s.charCodeAt(j + 1) === 0x5c ? j + 2 : j;
  }
  return s.length;
}

/**
 * One output line as a terminal would hold it: a row of cells, a cursor, and the style in
 * force. `\r` moves the cursor to column 0 and later text overwrites cell by cell, so the
 * line shows its final state ("abc\rX" is "Xbc", a progress bar its last value). A tab moves
 * the cursor to the next stop, filling with spaces only past the end of the text.
 */
class LineBuilder {
  private readonly lines: string[] = [];
  /** Cell text; '' marks the right half of the wide character in the cell before. */
  private cells: string[] = [];
  private styles: string[] = [];
  private cursor = 0;
  private active: string[] = [];
  private style = '';

  constructor(
    private readonly color: boolean,
    private readonly expandTabs: boolean,
  ) {}

  text(chunk: string): void {
    const text = agreeingClusters(chunk);
    let i = 0;
    while (i < text.length) {
      // Printable ASCII appended at the end of the line overwrites nothing: one push per
      // character instead of put()'s checks (a log page is mostly this). The run's last
      // character stays for put() when a combining mark may follow it.
      if (this.cursor === this.cells.length) {
        let end = i;
        while (end < text.length && isPlainAscii(text.charCodeAt(end))) end++;
        if (end < text.length && text.charCodeAt(end) >= 0x300) end--;
        for (; i < end; i++) {
          this.cells.push(text[i] as string);
          this.styles.push(this.style);
        }
        this.cursor = this.cells.length;
        if (i >= text.length) break;
      }
      const code = text.charCodeAt(i);
      if (code >= 0x20 && code < 0x7f && (i + 1 >= text.length || text.charCodeAt(i + 1) < 0x300)) {
        this.put(text[i] as string, 1);
        i += 1;
        continue;
      }
      const stop = clusterEnd(text, i, text.length);
      this.put(text.slice(i, stop), clusterWidth(text, i, stop));
      i = stop;
    }
  }

  tab(): void {
    if (!this.expandTabs) {
      this.put(' ', 1);
      return;
    }
    const stop = (Math.floor(this.cursor / TAB_STOP) + 1) * TAB_STOP;
    this.fillTo(stop);
    this.cursor = stop;
  }

  sgr(sequence: string): void {
    if (!this.color) return;
    if (/^\u001b\[[0;]*m$/.test(sequence)) {
      this.active = [];
    } else {
      this.active.push(sequence);
      if (this.active.length > MAX_ACTIVE_SGR) this.active.shift();
    }
    this.style = this.active.join('');
  }

  carriageReturn(): void {
    this.cursor = 0;
  }

  lineBreak(): void {
    this.lines.push(this.render());
    this.cells = [];
    this.styles = [];
    this.cursor = 0;
  }

  finish(): string[] {
    this.lineBreak();
    return this.lines;
  }

  /** Writes one character of `width` columns at the cursor, as a terminal would. */
  private put(cluster: string, width: number): void {
    if (width === 0) {
      // A mark with nothing before it on the line has nothing to attach to.
      if (this.cursor > 0) this.cells[this.cursor - 1] += cluster;
      return;
    }
    this.fillTo(this.cursor);
    const at = this.cursor;
    // Overwriting either half of a wide character erases the other half.
    if (this.cells[at] === '') this.blank(at - 1);
    if (this.cells[at + width] === '') this.blank(at + width - 1);
    if (width === 1 && this.cells[at + 1] === '') this.blank(at + 1);
    this.cells[at] = cluster;
    this.styles[at] = this.style;
    for (let k = 1; k < width; k++) {
      this.cells[at + k] = '';
      this.styles[at + k] = this.style;
    }
    this.cursor = at + width;
  }

  private blank(column: number): void {
    if (column >= 0 && column < this.cells.length) this.cells[column] = ' ';
  }

  private fillTo(column: number): void {
    while (this.cells.length < column) {
      this.cells.push(' ');
      this.styles.push(this.style);
    }
  }

  private render(): string {
    let out = '';
    let current = '';
    for (let k = 0; k < this.cells.length; k++) {
      const style = this.styles[k] as string;
      if (style !== current) {
        // A style that only adds to the current one needs just the added sequences.
        if (current !== '' && style.startsWith(current)) out += style.slice(current.length);
        else out += (current === '' ? '' : SGR_RESET) + style;
        current = style;
      }
      out += this.cells[k];
    }
    return current === '' ? out : out + SGR_RESET;
  }
}

function sanitizeToLines(input: string, options: SanitizeOptions): string[] {
  const color = options.color === true;
  const out = new LineBuilder(color, options.tabs !== 'space');
  const s = input;
  const special = new RegExp(SPECIAL_CHARS, 'g');
  let i = 0;
  while (i < s.length) {
    special.lastIndex = i;
    const found = special.exec(s);
    if (!found) {
      out.text(s.slice(i));
      break;
    }
    const at = found.index;
    out.text(s.slice(i, at));
    const code = s.charCodeAt(at);
    i = at + 1;

    if (code === ESC) {
      const next = s.charCodeAt(i);
      if (i >= s.length) continue;
      if (next === 0x5b) {
        const csi = scanCsi(s, i + 1);
        const sequence = s.slice(at, csi.end);
        if (color && csi.complete && sequence.length <= MAX_SGR_LENGTH && /^\u001b\[[0-9;:]*m$/.test(sequence)) {
          out.sgr(sequence);
        }
        i = csi.end;
      } else if (opensControlString(next)) {
        i = scanControlString(s, i + 1);
      } else if (next >= 0x20 && next <= 0x2f) {
        // nF escape: intermediates then one final byte.
        let j = i;
        while (j < s.length && s.charCodeAt(j) >= 0x20 && s.charCodeAt(j) <= 0x2f) j++;
        const final = s.charCodeAt(j);
        i = j < s.length && final >= 0x30 && final <= 0x7e ? j + 1 : j;
      } else if (next >= 0x30 && next <= 0x7e) {
        i += 1; // two-character escape (ESC 7, ESC c, ESC M, ...)
      }
      // Otherwise a lone ESC: dropped, the next character is handled on its own.
    } else if (code === C1_CSI) {
      i = scanCsi(s, i).end;
    } else if (isC1StringIntroducer(code)) {
      i = scanControlString(s, i);
    } else if (code === 0x0a || code === 0x2028 || code === 0x2029) {
      out.lineBreak();
    } else if (code === 0x0d) {
      if (s.charCodeAt(i) === 0x0a) {
        i += 1;
        out.lineBreak();
      } else {
        out.carriageReturn();
      }
    } else if (code === 0x09) {
      out.tab();
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out.text('\ufffd'); // a lone surrogate
    }
    // Every other C0 control, DEL, C1 control and bidi override/isolate (which can make the
    // displayed text differ from its content) is dropped.
  }
  return out.finish();
}

function asString(input: unknown): string {
  if (typeof input === 'string') return input;
  if (input === null || input === undefined) return '';
  return String(input);
}

/**
 * Makes any server-provided value safe to print. Escape sequences and control characters are
 * removed (SGR kept with `color: true`), format characters too (see agreeing-clusters.ts). A
 * `\r` returns to column 0 and what follows overwrites, so a line reads as a terminal would
 * finally show it ("abc\rX" is "Xbc"). Trailing line breaks are dropped.
 */
export function sanitize(input: unknown, options: SanitizeOptions = {}): string {
  const s = asString(input);
  if (!SPECIAL.test(s) && !needsRewrite(s)) return s;
  const lines = dropTrailingEmpty(sanitizeToLines(s, options));
  return lines.join(options.multiline === true ? '\n' : ' ');
}

function dropTrailingEmpty(lines: string[]): string[] {
  let end = lines.length;
  while (end > 1 && lines[end - 1] === '') end--;
  return end === lines.length ? lines : lines.slice(0, end);
}

/**
 * Splits a log message into sanitised display lines (`\n`, `\r\n`). Trailing empty lines (a
 * message ending with a newline) are dropped; there is always at least one line.
 */
export function sanitizeLines(input: unknown, options: Omit<SanitizeOptions, 'multiline'> = {}): string[] {
  const s = asString(input);
  return SPECIAL.test(s) || needsRewrite(s) ? dropTrailingEmpty(sanitizeToLines(s, options)) : [s];
}
