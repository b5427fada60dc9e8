// A reader for the HOCON that real clearml.conf files use. Deliberate differences from the full
// HOCON spec, all matching how ClearML's own reader treats these files:
// - unquoted values may contain ':' and '=' and '//' (so `api_server: http://host:8008` is a URL);
//   `//` starts a comment only where a new token would start (after whitespace or a separator);
// - `true`/`false`/`null` are recognised in any letter case;
// - `include` directives are skipped with a warning (tracktop does not follow them);
// - object and list concatenation (`a: {x: 1} {y: 2}`) and `+=` are rejected with a clear error.
import { at, describeChar, HoconCursor, isInlineSpace } from './hocon-cursor.js';
import type {
  ConcatPart,
  ConfigScalar,
  ParsedArray,
  ParsedNode,
  ParsedObject,
  SourcePosition,
  Substitution,
} from './hocon-types.js';

export interface ParsedDocument {
  root: ParsedObject;
  /** Messages (already prefixed with file:line:column) about constructs that were ignored. */
  warnings: string[];
}

/** Parse HOCON text into a tree whose `${...}` substitutions are not yet resolved. */
export function parseHoconDocument(text: string, file: string): ParsedDocument {
  const parser = new HoconParser(text, file);
  const root = parser.parseDocument();
  return { root, warnings: parser.warnings };
}

/** Set `path` in `obj` with HOCON's rules: objects merge key by key, anything else replaces. */
function setParsedPath(obj: ParsedObject, path: readonly string[], value: ParsedNode): void {
  let current = obj;
  for (const key of path.slice(0, -1)) {
    const existing = current.fields.get(key);
    if (existing?.kind === 'object') {
      current = existing;
    } else {
      const created: ParsedObject = { kind: 'object', fields: new Map(), pos: value.pos };
      current.fields.set(key, created);
      current = created;
    }
  }
  const last = path[path.length - 1];
  if (last !== undefined) setParsedField(current, last, value);
}

/** Merge `over` into `base` (mutating `base`); keys of `over` win. */
export function mergeParsedObjects(base: ParsedObject, over: ParsedObject): ParsedObject {
  for (const [key, value] of over.fields) setParsedField(base, key, value);
  return base;
}

function setParsedField(obj: ParsedObject, key: string, value: ParsedNode): void {
  const existing = obj.fields.get(key);
  if (existing?.kind === 'object' && value.kind === 'object') {
    mergeParsedObjects(existing, value);
    return;
  }
  if (existing !== undefined && value.kind === 'concat') value.prior = existing;
  obj.fields.set(key, value);
}

type ValueContext = 'root' | 'object' | 'array';

type Piece =
  | { kind: 'space'; text: string }
  | { kind: 'text'; text: string; quoted: boolean; pos: SourcePosition }
  | Substitution
  | ParsedObject
  | ParsedArray;

const KEY_STOP = new Set(['.', ':', '=', '{', '}', '[', ']', ',', '"', '#', '+', '\n']);
const VALUE_STOP = new Set([',', '{', '}', '[', ']', '"', '#', '\n']);
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

class HoconParser extends HoconCursor {
  readonly warnings: string[] = [];

  parseDocument(): ParsedObject {
    this.skipSpaceAndNewlines();
    if (this.peek() !== '{') return this.parseObjectBody(null, this.pos());
    const root = this.parseBracedObject();
    this.skipSpaceAndNewlines();
    if (!this.atEnd()) {
      this.fail(`expected end of file after the closing '}', found ${describeChar(this.peek())}`);
    }
    return root;
  }

  // ---- objects ----

  private parseBracedObject(): ParsedObject {
    const open = this.pos();
    this.advance(); // '{'
    const obj = this.parseObjectBody('}', open);
    this.advance(); // '}', checked by parseObjectBody
    return obj;
  }

  /** Parse fields until `close` (left unconsumed) or, for the root, end of file. */
  private parseObjectBody(close: '}' | null, open: SourcePosition): ParsedObject {
    const obj: ParsedObject = { kind: 'object', fields: new Map(), pos: open };
    for (;;) {
      this.skipSpaceAndNewlines();
      const c = this.peek();
      if (close !== null && c === close) return obj;
      if (c === '') {
        if (close === null) return obj;
        this.fail(`expected '}' to close the object opened at ${at(open)}, found end of file`);
      }
      if (c === '}') this.fail(`unexpected '}': no object is open here`);
      if (c === ',') this.fail(`expected a key, found ','`);

      const field = this.parseField(obj, close === null ? 'root' : 'object');
      this.skipSpace();
      const next = this.peek();
      if (next === ',') {
        this.advance();
        continue;
      }
      if (next === '\n' || next === '' || (close !== null && next === close)) continue;
      // `a { ... } b { ... }` on one line: a closing brace or bracket already separates fields.
      if (field.endsWithBracket) continue;
      if (next === '}') this.fail(`unexpected '}': no object is open here`);
      this.fail(`expected ',' or a new line after the value of '${field.key}', found ${describeChar(next)}`);
    }
  }

  private parseField(obj: ParsedObject, context: ValueContext): { key: string; endsWithBracket: boolean } {
    if (this.atInclude()) {
      this.parseInclude();
      return { key: 'include', endsWithBracket: false };
    }
    const path = this.parseKeyPath('a key');
    const key = path.join('.');
    this.skipSpace();
    const c = this.peek();
    let value: ParsedNode;
    if (c === '{') {
      value = this.parseBracedObject();
    } else if (c === ':' || c === '=') {
      this.advance();
      while (isInlineSpace(this.peek())) this.advance();
      value = this.parseValue(context, key);
    } else if (c === '+' && this.peek(1) === '=') {
      this.fail(`'+=' (append to a list) is not supported; assign the whole list with ':' instead`);
    } else {
      this.fail(`expected ':', '=' or '{' after the key '${key}', found ${describeChar(c)}`);
    }
    setParsedPath(obj, path, value);
    return { key, endsWithBracket: value.kind === 'object' || value.kind === 'array' };
  }

  /** `include "x"`, `include file("x")`, `include required(file("x"))` ... */
  private atInclude(): boolean {
    if (!this.text.startsWith('include', this.i)) return false;
    let j = this.i + 'include'.length;
    if (!isInlineSpace(this.text[j] ?? '')) return false;
    while (isInlineSpace(this.text[j] ?? '')) j++;
    const rest = this.text.slice(j, j + 20);
    return rest.startsWith('"') || /^(?:file|url|classpath|required)\s*\(/.test(rest);
  }

  private parseInclude(): void {
    const start = this.pos();
    const from = this.i;
    for (let n = 0; n < 'include'.length; n++) this.advance();
    this.skipSpace();
    if (this.peek() === '"') {
      this.parseQuoted();
    } else {
      while (/[A-Za-z]/.test(this.peek())) this.advance();
      while (isInlineSpace(this.peek())) this.advance();
      let depth = 0;
      do {
        const c = this.peek();
        if (c === '' || c === '\n') {
          this.fail(`expected ')' to close the include started at ${at(start)}, found ${describeChar(c)}`);
        }
        if (c === '"') {
          this.parseQuoted();
          continue;
        }
        if (c === '(') depth++;
        if (c === ')') depth--;
        this.advance();
      } while (depth > 0);
    }
    const directive = this.text.slice(from, this.i).trim();
    this.warnings.push(
      `${this.file}:${start.line}:${start.column}: ignored '${directive}': tracktop does not follow includes`,
    );
  }

  // ---- keys ----

  /** One or more key elements separated by '.', each unquoted or quoted (a quoted '.' is literal). */
  private parseKeyPath(what: string): string[] {
    const path: string[] = [];
    for (;;) {
      let element = '';
      let found = false;
      for (;;) {
        const c = this.peek();
        if (c === '"') {
          element += this.isTripleQuote() ? this.parseTripleQuoted() : this.parseQuoted();
          found = true;
        } else if (c !== '' && !KEY_STOP.has(c) && !isInlineSpace(c) && !this.atComment()) {
          element += this.advance();
          found = true;
        } else {
          break;
        }
      }
      if (!found) {
        const after = path.length > 0 ? ` after '${path.join('.')}.'` : '';
        this.fail(`expected ${what}${after}, found ${describeChar(this.peek())}`);
      }
      path.push(element);
      if (this.peek() !== '.') return path;
      this.advance();
    }
  }

  // ---- values ----

  /** A value runs to the end of the line, ',' or a closing bracket; several tokens concatenate. */
  private parseValue(context: ValueContext, key?: string): ParsedNode {
    const pieces: Piece[] = [];
    for (;;) {
      const c = this.peek();
      if (c === '' || c === '\n' || c === ',' || c === '}' || c === ']' || this.atComment()) break;
      if (isInlineSpace(c)) {
        let space = '';
        while (isInlineSpace(this.peek())) space += this.advance();
        pieces.push({ kind: 'space', text: space });
        continue;
      }
      if (c === '"') {
        const pos = this.pos();
        const text = this.isTripleQuote() ? this.parseTripleQuoted() : this.parseQuoted();
        pieces.push({ kind: 'text', text, quoted: true, pos });
        continue;
      }
      if (c === '$' && this.peek(1) === '{') {
        pieces.push(this.parseSubstitution());
        continue;
      }
      if (c === '{' || c === '[') {
        const node = c === '{' ? this.parseBracedObject() : this.parseArray();
        pieces.push(node);
        // An object or list on its own ends the value, so `a: {..} b: {..}` reads as two fields.
        if (pieces.every((p) => p === node || p.kind === 'space')) break;
        continue;
      }
      const pos = this.pos();
      let text = '';
      while (this.isUnquotedValueChar()) text += this.advance();
      pieces.push({ kind: 'text', text, quoted: false, pos });
    }
    return this.buildValue(pieces, context, key);
  }

  private isUnquotedValueChar(): boolean {
    const c = this.peek();
    if (c === '' || VALUE_STOP.has(c) || isInlineSpace(c)) return false;
    return !(c === '$' && this.peek(1) === '{');
  }

  private buildValue(pieces: Piece[], context: ValueContext, key?: string): ParsedNode {
    while (pieces[0]?.kind === 'space') pieces.shift();
    while (pieces[pieces.length - 1]?.kind === 'space') pieces.pop();
    const first = pieces[0];
    if (first === undefined) {
      const owner = context === 'array' ? 'in the list' : `for '${key ?? ''}'`;
      const found = this.atComment() ? 'a comment' : describeChar(this.peek());
      this.fail(`expected a value ${owner}, found ${found}`);
    }
    if (pieces.length === 1) {
      switch (first.kind) {
        case 'text':
          return first.quoted
            ? { kind: 'string', text: first.text, pos: first.pos }
            : inferScalar(first.text, first.pos);
        case 'substitution':
          return { kind: 'concat', parts: [first], pos: first.pos };
        case 'object':
        case 'array':
          return first;
      }
    }
    const parts: ConcatPart[] = [];
    for (const piece of pieces) {
      if (piece.kind === 'object' || piece.kind === 'array') {
        const what = piece.kind === 'object' ? 'an object' : 'a list';
        this.fail(`cannot combine ${what} with other values on one line`, piece.pos);
      }
      parts.push(piece.kind === 'substitution' ? piece : { kind: 'text', text: piece.text });
    }
    const pos = 'pos' in first ? first.pos : this.pos();
    if (parts.some((p) => p.kind === 'substitution')) return { kind: 'concat', parts, pos };
    return { kind: 'string', text: parts.map((p) => (p.kind === 'text' ? p.text : '')).join(''), pos };
  }

  private parseArray(): ParsedArray {
    const open = this.pos();
    this.advance(); // '['
    const items: ParsedNode[] = [];
    for (;;) {
      this.skipSpaceAndNewlines();
      const c = this.peek();
      if (c === ']') {
        this.advance();
        return { kind: 'array', items, pos: open };
      }
      if (c === '') this.fail(`expected ']' to close the list opened at ${at(open)}, found end of file`);
      if (c === ',' || c === '}') this.fail(`expected a value or ']' in the list, found ${describeChar(c)}`);
      const item = this.parseValue('array');
      items.push(item);
      this.skipSpace();
      const next = this.peek();
      if (next === ',') {
        this.advance();
      } else if (next !== '\n' && next !== ']' && next !== '' && item.kind !== 'object' && item.kind !== 'array') {
        this.fail(`expected ',', ']' or a new line in the list opened at ${at(open)}, found ${describeChar(next)}`);
      }
    }
  }

  private parseSubstitution(): Substitution {
    const pos = this.pos();
    this.advance(); // '$'
    this.advance(); // '{'
    const optional = this.peek() === '?';
    if (optional) this.advance();
    const path = this.parseKeyPath(`a name after '\${${optional ? '?' : ''}'`);
    if (this.peek() !== '}') {
      this.fail(`expected '}' to close the substitution started at ${at(pos)}, found ${describeChar(this.peek())}`);
    }
    this.advance();
    return { kind: 'substitution', path, optional, pos };
  }
}

function inferScalar(text: string, pos: SourcePosition): ConfigScalar {
  const lower = text.toLowerCase();
  if (lower === 'true' || lower === 'false') return { kind: 'boolean', text, value: lower === 'true', pos };
  if (lower === 'null') return { kind: 'null', text, pos };
  if (NUMBER.test(text)) return { kind: 'number', text, value: Number(text), pos };
  return { kind: 'string', text, pos };
}
