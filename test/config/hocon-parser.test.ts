import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/config-error.js';
import { getConfigValue, parseHocon, toPlain } from '../../src/config/hocon.js';
import type { ConfigValue } from '../../src/config/hocon-types.js';

function parse(text: string, env: Record<string, string> = {}) {
  return parseHocon(text, { file: '/cfg/test.conf', env });
}

function plain(text: string, env: Record<string, string> = {}): unknown {
  return toPlain(parse(text, env).root);
}

function valueAt(text: string, path: string): ConfigValue | undefined {
  return getConfigValue(parse(text).root, path.split('.'));
}

function parseError(text: string): ConfigError {
  try {
    parse(text);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('HOCON structure', () => {
  it('reads blocks without root braces, with ":" "=" and "{" field forms', () => {
    const text = 'api {\n  a: 1\n  b = two\n  c { d: true }\n  e: { f: null }\n}\nsdk { g: x }\n';
    expect(plain(text)).toEqual({ api: { a: 1, b: 'two', c: { d: true }, e: { f: null } }, sdk: { g: 'x' } });
  });

  it('accepts a document wrapped in root braces', () => {
    expect(plain('{ api { a: 1 } }')).toEqual({ api: { a: 1 } });
  });

  it('separates fields with commas or new lines and allows trailing commas', () => {
    expect(plain('a: 1, b: 2,\nc: 3\nd { x: 1, y: 2, },\ne: [1, 2, 3,],\n')).toEqual({
      a: 1,
      b: 2,
      c: 3,
      d: { x: 1, y: 2 },
      e: [1, 2, 3],
    });
  });

  it('reads quoted keys with ":" and "=" and keeps a quoted dot inside one key', () => {
    expect(plain('"access_key": "A"\n"secret_key" = "B"\n"a.b": 1\n')).toEqual({
      access_key: 'A',
      secret_key: 'B',
      'a.b': 1,
    });
  });

  it('treats dotted keys as nested objects, both as block headers and flat assignments', () => {
    const text = 'google.storage { project: p }\napi.credentials.access_key=AK\napi.credentials.secret_key = SK\n';
    expect(plain(text)).toEqual({
      google: { storage: { project: 'p' } },
      api: { credentials: { access_key: 'AK', secret_key: 'SK' } },
    });
  });

  it('merges repeated objects key by key, later keys winning', () => {
    const text = 'api { a: 1, c { x: 1, y: 1 } }\napi { b: 2, c { y: 2 } }\napi.a = 3\n';
    expect(plain(text)).toEqual({ api: { a: 3, c: { x: 1, y: 2 }, b: 2 } });
  });

  it('lets a later non-object value replace an object', () => {
    expect(plain('a { x: 1 }\na: 5\n')).toEqual({ a: 5 });
  });

  it('reads lists of scalars, nested lists and lists of objects over several lines', () => {
    const text =
      'l: [\n  { bucket: "b1", key: k1 },\n  {\n    bucket: b2\n    key: "k2"\n  }\n]\nm: [[1, 2], [a, b]]\n';
    expect(plain(text)).toEqual({
      l: [
        { bucket: 'b1', key: 'k1' },
        { bucket: 'b2', key: 'k2' },
      ],
      m: [
        [1, 2],
        ['a', 'b'],
      ],
    });
  });

  it('accepts blocks placed side by side on one line', () => {
    expect(plain('a { x: 1 } b { y: 2 }')).toEqual({ a: { x: 1 }, b: { y: 2 } });
  });
});

describe('HOCON comments and unquoted values', () => {
  it('ignores "#" and "//" comments on their own lines and after values', () => {
    const text = '# top\n// also top\napi {  # after brace\n  a: 1 # trailing\n  b: two // trailing\n  // c: 3\n}\n';
    expect(plain(text)).toEqual({ api: { a: 1, b: 'two' } });
  });

  it('keeps "//" inside an unquoted URL as part of the value', () => {
    expect(plain('api_server: http://localhost:8008\nweb: https://app.example.com/x//y // comment')).toEqual({
      api_server: 'http://localhost:8008',
      web: 'https://app.example.com/x//y',
    });
  });

  it('keeps "//" glued to a value but treats " //" as a comment', () => {
    expect(plain('a: value// still value\nb: value // comment')).toEqual({ a: 'value// still value', b: 'value' });
  });

  it('joins unquoted words on one line with their spacing, dropping trailing spaces', () => {
    expect(plain('a: foo bar   baz   \nb: 10 seconds\nc: "quoted" and bare\n')).toEqual({
      a: 'foo bar   baz',
      b: '10 seconds',
      c: 'quoted and bare',
    });
  });

  it('reads numbers, and booleans and null in any letter case', () => {
    const text = 'n: 42\nf: -1.5e3\nt: True\nu: FALSE\nz: Null\nv: 1.2.3\nzero_led: 007\n';
    expect(plain(text)).toEqual({ n: 42, f: -1500, t: true, u: false, z: null, v: '1.2.3', zero_led: '007' });
  });

  it('keeps the source text of a number so keys made of digits are not reformatted', () => {
    const value = valueAt('k: 1e3', 'k');
    expect(value).toMatchObject({ kind: 'number', value: 1000, text: '1e3' });
  });

  it('keeps unquoted paths with "~" and "/"', () => {
    expect(plain('venvs_dir = ~/.clearml/venvs-builds\n')).toEqual({ venvs_dir: '~/.clearml/venvs-builds' });
  });
});

describe('HOCON quoted strings', () => {
  it('keeps "#", "$", "!" and "//" inside quotes', () => {
    expect(plain('s: "a#b$c!d//e ${NOT_SUBSTITUTED}"')).toEqual({ s: 'a#b$c!d//e ${NOT_SUBSTITUTED}' });
  });

  it('decodes JSON escapes', () => {
    expect(plain(String.raw`s: "q\"b\\s\/n\n\tu\u00e9"`)).toEqual({ s: 'q"b\\s/n\n\tué' });
  });

  it('reads triple-quoted strings over several lines without escapes', () => {
    expect(plain('s: """line one\n  "two" \\n\nthree"""\nnext: 1')).toEqual({
      s: 'line one\n  "two" \\n\nthree',
      next: 1,
    });
  });

  it('keeps quotes beyond the closing three of a triple-quoted string', () => {
    expect(plain('s: """say "hi"""""')).toEqual({ s: 'say "hi""' });
  });
});

describe('HOCON positions', () => {
  it('records file, 1-based line and column of each value', () => {
    const text = 'api {\n    api_server: http://h:8008\n    credentials { "access_key" = "AK" }\n}\n';
    expect(valueAt(text, 'api.api_server')?.pos).toEqual({ file: '/cfg/test.conf', line: 2, column: 17 });
    expect(valueAt(text, 'api.credentials.access_key')?.pos).toEqual({ file: '/cfg/test.conf', line: 3, column: 34 });
    expect(valueAt(text, 'api.credentials')?.pos).toMatchObject({ line: 3, column: 17 });
  });

  it('counts lines after triple-quoted strings and CRLF line ends', () => {
    const text = 'a: """x\ny"""\r\nb: 2\r\n';
    expect(valueAt(text, 'b')?.pos).toMatchObject({ line: 3, column: 4 });
    expect(plain(text)).toEqual({ a: 'x\ny', b: 2 });
  });

  it('ignores a byte-order mark at the start', () => {
    expect(valueAt('\ufeffa: 1', 'a')?.pos).toMatchObject({ line: 1, column: 4 });
  });
});

describe('HOCON include', () => {
  it('skips include directives with a warning naming file, line and directive', () => {
    const result = parse('include "other.conf"\napi {\n  include required(file("x.conf"))\n  a: 1\n}\n');
    expect(toPlain(result.root)).toEqual({ api: { a: 1 } });
    expect(result.warnings).toEqual([
      `/cfg/test.conf:1:1: ignored 'include "other.conf"': tracktop does not follow includes`,
      `/cfg/test.conf:3:3: ignored 'include required(file("x.conf"))': tracktop does not follow includes`,
    ]);
  });

  it('still reads a key that is merely named include', () => {
    expect(plain('include: yes')).toEqual({ include: 'yes' });
  });
});

describe('HOCON errors', () => {
  it('reports an unclosed brace with the place it was opened', () => {
    const error = parseError('api {\n  a: 1\n');
    expect(error.message).toBe(
      "/cfg/test.conf:3:1: expected '}' to close the object opened at line 1, column 5, found end of file",
    );
    expect([error.file, error.line, error.column]).toEqual(['/cfg/test.conf', 3, 1]);
  });

  it('reports a key without separator', () => {
    expect(parseError('api {\n  key "v"\n}').message).toBe(
      `/cfg/test.conf:2:7: expected ':', '=' or '{' after the key 'key', found '"'`,
    );
  });

  it('reports a missing value', () => {
    expect(parseError('a:\nb: 1').message).toBe("/cfg/test.conf:1:3: expected a value for 'a', found end of line");
    expect(parseError('a: # nothing').message).toBe("/cfg/test.conf:1:4: expected a value for 'a', found a comment");
  });

  it('reports an unterminated string at the end of its line', () => {
    expect(parseError('a {\n  s: "abc\n}').message).toBe(
      `/cfg/test.conf:2:10: expected '"' to close the string started at line 2, column 6, found end of line`,
    );
  });

  it('reports an unknown escape', () => {
    expect(parseError(String.raw`s: "C:\path"`).message).toMatch(/^\/cfg\/test\.conf:1:7: invalid escape '\\p'/);
  });

  it('reports a stray closing brace and doubled commas', () => {
    expect(parseError('a: 1\n}').message).toBe("/cfg/test.conf:2:1: unexpected '}': no object is open here");
    expect(parseError('a { x: 1,, y: 2 }').message).toBe("/cfg/test.conf:1:10: expected a key, found ','");
  });

  it('reports an unclosed list and a bad list separator', () => {
    expect(parseError('l: [1, 2\n').message).toBe(
      "/cfg/test.conf:2:1: expected ']' to close the list opened at line 1, column 4, found end of file",
    );
    expect(parseError('l: [1, 2}').message).toMatch(
      /^\/cfg\/test\.conf:1:9: expected ',', '\]' or a new line in the list/,
    );
  });

  it('reports "+=" and object concatenation as unsupported', () => {
    expect(parseError('l += 1').message).toMatch(/^\/cfg\/test\.conf:1:3: '\+=' \(append to a list\) is not supported/);
    expect(parseError('a: x { y: 1 }').message).toBe(
      '/cfg/test.conf:1:6: cannot combine an object with other values on one line',
    );
  });

  it('reports an unclosed substitution and triple-quoted string', () => {
    expect(parseError('a: ${HOME').message).toBe(
      "/cfg/test.conf:1:10: expected '}' to close the substitution started at line 1, column 4, found end of file",
    );
    expect(parseError('a: """never closed').message).toMatch(/^\/cfg\/test\.conf:1:19: expected '"""'/);
  });

  it('reports text after a braced root document', () => {
    expect(parseError('{ a: 1 }\nb: 2').message).toBe(
      "/cfg/test.conf:2:1: expected end of file after the closing '}', found 'b'",
    );
  });
});
