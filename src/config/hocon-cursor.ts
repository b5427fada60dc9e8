// The cursor of the HOCON reader: position tracking, spaces and comments, quoted strings.
import { ConfigError } from './config-error.js';
import type { SourcePosition } from './hocon-types.js';

const INLINE_SPACE = /^[ \t\r\f\v\u00a0\ufeff\u1680\u2000-\u200a\u202f\u205f\u3000]$/;
const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};
export function isInlineSpace(c: string): boolean {
  return c !== '' && INLINE_SPACE.test(c);
}

export function describeChar(c: string): string {
  if (c === '') return 'end of file';
  if (c === '\n') return 'end of line';
  return c >= ' ' ? `'${c}'` : JSON.stringify(c);
}

export function at(pos: SourcePosition): string {
  return `line ${pos.line}, column ${pos.column}`;
}

export class HoconCursor {
  protected i = 0;
  protected line = 1;
  protected column = 1;

  constructor(
    protected readonly text: string,
    protected readonly file: string,
  ) {
    if (text.startsWith('\ufeff')) this.i = 1;
  }

  // ---- cursor ----

  protected peek(offset = 0): string {
    return this.text[this.i + offset] ?? '';
  }

  protected atEnd(): boolean {
    return this.i >= this.text.length;
  }

  protected pos(): SourcePosition {
    return { file: this.file, line: this.line, column: this.column };
  }

  protected advance(): string {
    const c = this.text[this.i] ?? '';
    this.i++;
    if (c === '\n') {
      this.line++;
      this.column = 1;
    } else {
      this.column++;
    }
    return c;
  }

  protected fail(detail: string, where: SourcePosition = this.pos()): never {
    throw new ConfigError(detail, where);
  }

  protected atComment(): boolean {
    return this.peek() === '#' || (this.peek() === '/' && this.peek(1) === '/');
  }

  /** Skip spaces and a comment, stopping before the end of the line. */
  protected skipSpace(): void {
    for (;;) {
      if (isInlineSpace(this.peek())) {
        this.advance();
      } else if (this.atComment()) {
        while (!this.atEnd() && this.peek() !== '\n') this.advance();
      } else {
        return;
      }
    }
  }

  protected skipSpaceAndNewlines(): void {
    for (;;) {
      this.skipSpace();
      if (this.peek() !== '\n') return;
      this.advance();
    }
  }

  // ---- strings ----

  protected isTripleQuote(): boolean {
    return this.peek() === '"' && this.peek(1) === '"' && this.peek(2) === '"';
  }

  protected parseQuoted(): string {
    const start = this.pos();
    this.advance(); // '"'
    let out = '';
    for (;;) {
      const c = this.peek();
      if (c === '' || c === '\n') {
        this.fail(`expected '"' to close the string started at ${at(start)}, found ${describeChar(c)}`);
      }
      if (c === '"') {
        this.advance();
        return out;
      }
      if (c !== '\\') {
        out += this.advance();
        continue;
      }
      const escapePos = this.pos();
      this.advance();
      const e = this.peek();
      const simple = ESCAPES[e];
      if (simple !== undefined) {
        this.advance();
        out += simple;
      } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(this.text.slice(this.i + 1, this.i + 5))) {
        out += String.fromCharCode(parseInt(this.text.slice(this.i + 1, this.i + 5), 16));
        for (let n = 0; n < 5; n++) this.advance();
      } else {
        this.fail(`invalid escape '\\${e}' in a quoted string (write '\\\\' for a backslash)`, escapePos);
      }
    }
  }

  /** `"""..."""`: raw text over any number of lines; quotes beyond the closing three belong to the text. */
  protected parseTripleQuoted(): string {
    const start = this.pos();
    for (let n = 0; n < 3; n++) this.advance();
    let out = '';
    for (;;) {
      if (this.atEnd()) this.fail(`expected '"""' to close the string started at ${at(start)}, found end of file`);
      if (this.isTripleQuote()) {
        let quotes = 0;
        while (this.peek() === '"') {
          this.advance();
          quotes++;
        }
        return out + '"'.repeat(quotes - 3);
      }
      out += this.advance();
    }
  }
}
